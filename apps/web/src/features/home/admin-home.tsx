import { AdminDashboard } from '../admin-console/dashboard/admin-dashboard.tsx';

/**
 * The admin's /home. Home only switches on the role; the dashboard itself belongs to the admin
 * console, and home-page.tsx loads this module lazily so none of it reaches a customer's browser.
 */
export function AdminHome() {
  return <AdminDashboard />;
}
