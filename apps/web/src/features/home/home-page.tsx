import { lazy } from 'react';
import { isAdminView, useSignedInUser } from '../../app/session/session-context.ts';
import { CustomerHome } from './customer-home.tsx';

// Its own chunk: a customer's browser never loads the admin side.
const AdminHome = lazy(async () => ({ default: (await import('./admin-home.tsx')).AdminHome }));

/** SPEC.md section 2: ROLE_USER sees their subscriptions; any other role the admin dashboard. */
export function HomePage() {
  const user = useSignedInUser();
  return isAdminView(user) ? <AdminHome /> : <CustomerHome user={user} />;
}
