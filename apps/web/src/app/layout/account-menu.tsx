import { lazy, Suspense, useId, useState } from 'react';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import Button from '@mui/material/Button';
import type { User } from '@traffic/shared/schemas/accounts.schema';

// MUI's Menu (and its Popover, Modal and transitions) loads when the menu is first opened.
const AccountMenuList = lazy(async () => ({ default: (await import('./account-menu-list.tsx')).AccountMenuList }));

/**
 * The customer's account menu at the end of the bar (wide screens): who is signed in, My Account,
 * Billing, Security and Logout, so the bar's other entries fit on one line from 1280 px.
 */
export function AccountMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so it can play its closing transition.
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ whiteSpace: 'nowrap', ml: 0.5 }}
      >
        Account
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <AccountMenuList id={menuId} anchor={anchor} close={close} user={user} onLogout={onLogout} />
        </Suspense>
      ) : null}
    </>
  );
}
