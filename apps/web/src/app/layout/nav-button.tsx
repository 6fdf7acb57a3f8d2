import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ButtonBase from '@mui/material/ButtonBase';
import { plainButtonSx } from '../../components/plain-button.tsx';
import { NavLink as RouterNavLink } from 'react-router';
import type { NavLink } from '../nav-links.ts';

/** A menu entry in the app bar; the current page's entry is marked (aria-current) and highlighted. */
export function NavButton({ link }: { link: NavLink }) {
  if (link.external) {
    return (
      <ButtonBase href={link.to} target="_blank" rel="noopener noreferrer" sx={[plainButtonSx(), { whiteSpace: 'nowrap' }]}>
        {link.label}
        <OpenInNewIcon sx={{ fontSize: '0.9rem !important' }} />
      </ButtonBase>
    );
  }
  return (
    <ButtonBase
      component={RouterNavLink}
      to={link.to}
      end
      sx={[plainButtonSx(), { '&.active': { color: 'primary.main' }, whiteSpace: 'nowrap' }]}
    >
      {link.label}
    </ButtonBase>
  );
}
