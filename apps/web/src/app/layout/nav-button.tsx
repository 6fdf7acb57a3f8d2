import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import { NavLink as RouterNavLink } from 'react-router';
import type { NavLink } from '../nav-links.ts';

/** A menu entry in the app bar; the current page's entry is marked (aria-current) and highlighted. */
export function NavButton({ link }: { link: NavLink }) {
  if (link.external) {
    return (
      <Button
        color="inherit"
        href={link.to}
        target="_blank"
        rel="noopener noreferrer"
        endIcon={<OpenInNewIcon sx={{ fontSize: '0.9rem !important' }} />}
      >
        {link.label}
      </Button>
    );
  }
  return (
    <Button color="inherit" component={RouterNavLink} to={link.to} end sx={{ '&.active': { color: 'primary.main' }, whiteSpace: 'nowrap' }}>
      {link.label}
    </Button>
  );
}
