import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivatedAddon } from '../api/get-activated-addons.ts';
import { formatDate } from '../format.ts';

interface ActivationsCellProps {
  /** "Additional hits of ann": the list's accessible name. */
  label: string;
  addons: ActivatedAddon[];
  /** Deletions wait while one runs. */
  disabled: boolean;
  onDelete: (addon: ActivatedAddon) => void;
}

/** One user's activated add-ons of one kind: name, expiry date and a Delete button each. */
export function ActivationsCell({ label, addons, disabled, onDelete }: ActivationsCellProps) {
  // Read once per mount: a row's expired look does not need to tick.
  const [now] = useState(() => Date.now());
  if (addons.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        None
      </Typography>
    );
  }
  return (
    <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {addons.map((addon) => {
        const expired = new Date(addon.expiry_date).getTime() <= now;
        const textId = `activation-${label.replace(/\W+/g, '-')}-${addon.id}`;
        return (
          <Stack component="li" key={addon.id} direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <div id={textId}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {addon.name}
              </Typography>
              <Typography variant="caption" color={expired ? 'error' : 'text.secondary'}>
                {expired ? 'Expired' : 'Expires'} {formatDate(addon.expiry_date)}
              </Typography>
            </div>
            <Button
              size="small"
              color="error"
              variant="outlined"
              aria-describedby={textId}
              disabled={disabled}
              onClick={() => onDelete(addon)}
            >
              Delete
            </Button>
          </Stack>
        );
      })}
    </Stack>
  );
}
