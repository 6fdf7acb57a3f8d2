import type { ReactNode } from 'react';
import TrafficIcon from '@mui/icons-material/Traffic';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { plainButtonSx } from '../../components/plain-button.tsx';
import { paths } from '../../shell/paths.ts';

/** The app bar with the brand link; `start` goes before the brand, `children` at the far end, `after` below the toolbar. */
export function HeaderBar({ start, children, after }: { start?: ReactNode; children?: ReactNode; after?: ReactNode }) {
  return (
    <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar sx={{ gap: 1 }}>
        {start}
        <ButtonBase component={RouterLink} to={paths.landing()} aria-label="Website Traffic, start page" sx={plainButtonSx()}>
          <TrafficIcon color="primary" />
          <Typography component="span" sx={{ fontWeight: 800, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}>
            Website Traffic
          </Typography>
        </ButtonBase>
        <Box sx={{ flexGrow: 1 }} />
        {children}
      </Toolbar>
      {after}
    </AppBar>
  );
}
