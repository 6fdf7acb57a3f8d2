import { lazy } from 'react';
import { CustomerHome } from '../features/home/customer-home.tsx';
import { isAdminView, useSignedInUser } from '../shell/session/index.ts';

// Its own chunk: a customer's browser never loads the admin side.
const AdminDashboard = lazy(async () => ({
  default: (await import('../features/admin-console/dashboard/admin-dashboard.tsx')).AdminDashboard,
}));

/**
 * /home switches on the role (docs/product.md, "Home"): a customer sees their subscriptions, any
 * other role the admin dashboard. The shell composes the two features; neither imports the other.
 */
export function HomePage() {
  const user = useSignedInUser();
  return isAdminView(user) ? <AdminDashboard /> : <CustomerHome user={user} />;
}
