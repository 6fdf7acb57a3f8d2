import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { notify } from '../../../../shell/toast.ts';
import { saveBlob } from '../../../../lib/save-file.ts';
import { focusTarget } from '../../../../components/focus-ring.ts';

const codesText = (email: string, codes: readonly string[]) =>
  [`Recovery codes for ${email}`, 'Each code signs you in once when you cannot use your authenticator app.', '', ...codes, ''].join('\n');

/**
 * The ten recovery codes, shown this once (the server keeps only their hashes): copy, download,
 * and an explicit "saved" before they go away.
 */
export function RecoveryCodesPanel({ email, codes, onDone }: { email: string; codes: readonly string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Where the eye and the screen reader should be now: the codes replaced the form that asked for them.
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify.success('Recovery codes copied.');
    } catch {
      notify.error('Copying did not work: select the codes and copy them, or download them.');
    }
  }

  function download() {
    saveBlob(new Blob([codesText(email, codes)], { type: 'text/plain;charset=utf-8' }), 'recovery-codes.txt');
  }

  return (
    <Stack spacing={2} data-testid="recovery-codes">
      <Typography ref={heading} tabIndex={-1} variant="subtitle1" component="h3" sx={{ fontWeight: 600, ...focusTarget }}>
        Your recovery codes
      </Typography>
      <Alert severity="warning">
        Save these codes somewhere safe now: they are shown only this once. Each one signs you in once if you cannot use your authenticator
        app.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))',
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          userSelect: 'text',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" onClick={download}>
          Download .txt
        </Button>
        <Button variant="contained" onClick={onDone} sx={{ flexGrow: { sm: 1 } }}>
          I have saved my recovery codes
        </Button>
      </Stack>
    </Stack>
  );
}
