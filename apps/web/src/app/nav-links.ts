import { externalLinks } from './links.ts';
import { paths } from './paths.ts';

/** A menu entry: an in-app path, or an external site (opened in a new tab). */
export interface NavLink {
  label: string;
  to: string;
  external?: boolean;
}

/** docs/product.md section 2, "Menus". */
export const visitorLinks: readonly NavLink[] = [
  { label: 'Register', to: paths.register() },
  { label: 'Login', to: paths.login() },
  { label: 'Pricing', to: paths.pricings() },
];

export const customerLinks: readonly NavLink[] = [
  { label: 'Home', to: paths.home() },
  { label: 'Websites', to: paths.websites() },
  { label: 'Buy Traffic', to: paths.traffic() },
  { label: 'Pricing', to: paths.pricing() },
  { label: 'My Account', to: externalLinks.myAccount, external: true },
  { label: 'About Us', to: paths.about() },
  { label: 'Support', to: paths.support() },
  { label: 'Documentation', to: externalLinks.documentation, external: true },
];

/** The admin menu of docs/product.md section 2, in its order. */
export const adminLinks: readonly NavLink[] = [
  { label: 'Users', to: paths.users() },
  { label: 'Manage Subscriptions', to: paths.manageSubscriptions() },
  { label: 'Add Package', to: paths.adminAddPackage() },
  { label: 'Add Hits', to: paths.addHits() },
  { label: 'Add Slots', to: paths.addSlots() },
  { label: 'Add User Package', to: paths.addUserPackage() },
  { label: 'Add User Extension', to: paths.addUserExtension() },
  { label: 'Edit Hits', to: paths.editHits() },
  { label: 'Edit Slots', to: paths.editSlots() },
  { label: 'Edit Package', to: paths.editPackage() },
  { label: 'Add Notifications', to: paths.addNotifications() },
];

export const adminHomeLink: NavLink = { label: 'Home', to: paths.home() };
