import { EnrolFirstNote, useAdminSections } from './admin-nav.tsx';
import { NavDrawer, type NavDrawerProps } from './nav-drawer.tsx';

/**
 * The admin's phone drawer: the back-office groups, or only Account security while two-factor
 * sign-in must still be turned on (admin-nav.tsx). Its own chunk, loaded when an admin first opens
 * the drawer, so a customer's signed-in bar does not carry the admin's navigation.
 */
export function AdminNavDrawer(props: Omit<NavDrawerProps, 'sections' | 'notice'>) {
  const adminNav = useAdminSections();
  return <NavDrawer {...props} sections={adminNav.sections} notice={adminNav.enrolFirst ? <EnrolFirstNote /> : undefined} />;
}
