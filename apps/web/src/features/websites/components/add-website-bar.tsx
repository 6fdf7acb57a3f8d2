import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PackageType } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../../../shell/paths.ts';

interface AddWebsiteBarProps {
  type: PackageType;
  /** Both hits and slots are left (docs/product.md section 5). */
  hasRoom: boolean;
}

/** For an ACTIVE account with a running package: 'Add Website' while there is room for one, else the product's limit text; 'Purchase More' either way. */
export function AddWebsiteBar({ type, hasRoom }: AddWebsiteBarProps) {
  const addTo = type === 'normal' ? paths.addWebsite() : paths.createWebsite(type);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
      {hasRoom && (
        <Button component={RouterLink} to={addTo} variant="contained" startIcon={<AddIcon />}>
          Add Website
        </Button>
      )}
      {!hasRoom && (
        <Typography color="warning.main" role="status" sx={{ flexGrow: 1 }}>
          {MSG.limitReached}
        </Typography>
      )}
      <Button component={RouterLink} to={paths.traffic(type)} variant="outlined">
        Purchase More
      </Button>
    </Stack>
  );
}
