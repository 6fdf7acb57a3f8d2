import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { NavLink as RouterNavLink } from 'react-router';
import type { NavSection } from '../nav-links.ts';

/**
 * Menu sections as lists, each under its heading: the phone drawer and the admin's side panel.
 * The current page's entry is marked (react-router's NavLink sets aria-current="page") and selected.
 */
export function NavSections({
  sections,
  onNavigate,
  compact = false,
}: {
  sections: readonly NavSection[];
  onNavigate?: () => void;
  /** Tighter rows (the admin's side panel), so every group fits a window 800 px tall. */
  compact?: boolean;
}) {
  const itemSx = compact ? { py: 0.25 } : {};
  return sections.map((section, index) => (
    <List
      key={section.title ?? index}
      dense={sections.length > 2}
      aria-label={section.title}
      sx={compact ? { pb: 0.5 } : undefined}
      subheader={
        section.title ? (
          <ListSubheader
            disableSticky
            sx={{ bgcolor: 'transparent', lineHeight: compact ? '24px' : 2.5, textTransform: 'uppercase', fontSize: '0.75rem' }}
          >
            {section.title}
          </ListSubheader>
        ) : undefined
      }
    >
      {section.links.map((link) => (
        <ListItem key={link.label} disablePadding>
          {link.external ? (
            <ListItemButton component="a" href={link.to} target="_blank" rel="noopener noreferrer" onClick={onNavigate} sx={itemSx}>
              <ListItemText primary={link.label} />
              <OpenInNewIcon fontSize="small" color="action" />
            </ListItemButton>
          ) : (
            <ListItemButton
              component={RouterNavLink}
              to={link.to}
              end
              onClick={onNavigate}
              sx={{ ...itemSx, '&.active': { color: 'primary.main', bgcolor: 'action.selected', fontWeight: 600 } }}
            >
              <ListItemText primary={link.label} />
            </ListItemButton>
          )}
        </ListItem>
      ))}
    </List>
  ));
}
