import { externalLinks } from '../shell/links.ts';
import { paths } from '../shell/paths.ts';

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

/**
 * The customer's menu in the bar, on one line from 1280 px: every entry docs/product.md section 2
 * lists except My Account and Logout, which sit in the account menu with our own Billing and Security.
 */
export const customerBarLinks: readonly NavLink[] = [
  { label: 'Home', to: paths.home() },
  { label: 'Websites', to: paths.websites() },
  { label: 'Buy Traffic', to: paths.traffic() },
  { label: 'Pricing', to: paths.pricing() },
  { label: 'About Us', to: paths.about() },
  { label: 'Support', to: paths.support() },
  { label: 'Documentation', to: externalLinks.documentation, external: true },
];

/** The account menu's entries (Logout follows them). */
export const customerAccountLinks: readonly NavLink[] = [
  { label: 'My Account', to: externalLinks.myAccount, external: true },
  { label: 'Billing', to: paths.billing() },
  { label: 'Security', to: paths.security() },
];

/** The phone drawer: the bar's entries, then the account's. */
export const customerSections: readonly NavSection[] = [{ links: customerBarLinks }, { title: 'Account', links: customerAccountLinks }];

/** A titled group of menu entries. */
export interface NavSection {
  title?: string;
  links: readonly NavLink[];
}

/**
 * The admin's back-office navigation: the screens of docs/product.md section 2's admin menu, each
 * under its documented label, grouped by what they run. A new back-office screen (payments, audit,
 * jobs) is one entry in one group here; the side panel and the phone drawer both read this list.
 */
export const adminSections: readonly NavSection[] = [
  { title: 'Dashboard', links: [{ label: 'Home', to: paths.home() }] },
  { title: 'Users', links: [{ label: 'Users', to: paths.users() }] },
  { title: 'Billing', links: [{ label: 'Payments', to: paths.adminPayments() }] },
  {
    title: 'Security',
    links: [
      { label: 'Audit log', to: paths.adminAuditLog() },
      { label: 'Account security', to: paths.security() },
    ],
  },
  {
    title: 'Catalogue',
    links: [
      { label: 'Add Package', to: paths.adminAddPackage() },
      { label: 'Edit Package', to: paths.editPackage() },
      { label: 'Add Hits', to: paths.addHits() },
      { label: 'Edit Hits', to: paths.editHits() },
      { label: 'Add Slots', to: paths.addSlots() },
      { label: 'Edit Slots', to: paths.editSlots() },
    ],
  },
  {
    title: 'Grants',
    links: [
      { label: 'Add User Package', to: paths.addUserPackage() },
      { label: 'Add User Extension', to: paths.addUserExtension() },
      { label: 'Manage Subscriptions', to: paths.manageSubscriptions() },
    ],
  },
  { title: 'Notifications', links: [{ label: 'Add Notifications', to: paths.addNotifications() }] },
];
