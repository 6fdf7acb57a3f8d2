import { generatePath } from 'react-router';
import type { PackageType } from '@traffic/shared/constants';

/**
 * Who may open a route (docs/product.md section 2). Every rule but `open` names where everyone else goes.
 * - visitorsOnly: signed-out visitors; a signed-in user goes to `redirectTo`.
 * - signedIn: any signed-in user.
 * - needsDetails: a signed-in user whose details (address) are still missing.
 * - activeUser: a signed-in user whose status is ACTIVE.
 * - admin: role ROLE_ADMIN.
 */
export type Access = 'open' | 'visitorsOnly' | 'signedIn' | 'needsDetails' | 'activeUser' | 'admin';

export type RouteRule =
  | { readonly pattern: string; readonly access: 'open' }
  | { readonly pattern: string; readonly access: Exclude<Access, 'open'>; readonly redirectTo: string };

const HOME = '/home';
const LOGIN = '/login';
const WEBSITES = '/websites';

/**
 * The route table of docs/product.md section 2, one entry per path. Where a route is open but a
 * signed-in user is sent to /home (/, /login, /register), the entry says `visitorsOnly`: that is
 * the behaviour the guard has to enforce, the same as the "visitors" row /pricings.
 */
export const routes = {
  landing: { pattern: '/', access: 'visitorsOnly', redirectTo: HOME },
  login: { pattern: LOGIN, access: 'visitorsOnly', redirectTo: HOME },
  register: { pattern: '/register', access: 'visitorsOnly', redirectTo: HOME },
  forgotPassword: { pattern: '/forgotPassword', access: 'open' },
  pricing: { pattern: '/pricing/:type?', access: 'open' },
  pricings: { pattern: '/pricings', access: 'visitorsOnly', redirectTo: HOME },

  home: { pattern: HOME, access: 'signedIn', redirectTo: LOGIN },
  websites: { pattern: '/websites/:type?', access: 'signedIn', redirectTo: LOGIN },
  traffic: { pattern: '/traffic/:type?', access: 'signedIn', redirectTo: LOGIN },
  support: { pattern: '/support', access: 'signedIn', redirectTo: LOGIN },
  billing: { pattern: '/billing', access: 'signedIn', redirectTo: LOGIN },
  security: { pattern: '/security', access: 'signedIn', redirectTo: LOGIN },
  apiAccess: { pattern: '/api-access', access: 'signedIn', redirectTo: LOGIN },
  update: { pattern: '/update', access: 'needsDetails', redirectTo: HOME },

  createWebsite: { pattern: '/create-website/:type', access: 'activeUser', redirectTo: WEBSITES },
  editWebsite: { pattern: '/edit-website/:id', access: 'activeUser', redirectTo: WEBSITES },
  editNormalWebsite: { pattern: '/editWebsite/:id', access: 'activeUser', redirectTo: WEBSITES },
  addWebsite: { pattern: '/addWebsite', access: 'activeUser', redirectTo: WEBSITES },

  purchase: { pattern: '/purchase', access: 'open' },
  purchaseAddon: { pattern: '/purchaseaddon', access: 'open' },
  cancel: { pattern: '/cancel', access: 'open' },
  tos: { pattern: '/tos', access: 'open' },
  privacy: { pattern: '/privacy', access: 'open' },
  about: { pattern: '/about', access: 'open' },

  addPackage: { pattern: '/admin/addPackage', access: 'admin', redirectTo: LOGIN },
  addNotifications: { pattern: '/addNotifications', access: 'admin', redirectTo: LOGIN },
  viewWebsite: { pattern: '/viewWebsite/:id', access: 'admin', redirectTo: HOME },
  users: { pattern: '/users', access: 'admin', redirectTo: HOME },
  customer: { pattern: '/users/:id', access: 'admin', redirectTo: HOME },
  manageSubscriptions: { pattern: '/managesubscriptions', access: 'admin', redirectTo: HOME },
  addSlots: { pattern: '/addslots', access: 'admin', redirectTo: HOME },
  addHits: { pattern: '/addhits', access: 'admin', redirectTo: HOME },
  addUserPackage: { pattern: '/adduserpackage', access: 'admin', redirectTo: HOME },
  addUserExtension: { pattern: '/adduserextension', access: 'admin', redirectTo: HOME },
  editPackage: { pattern: '/editpackage', access: 'admin', redirectTo: HOME },
  editSlots: { pattern: '/editslots', access: 'admin', redirectTo: HOME },
  editHits: { pattern: '/edithits', access: 'admin', redirectTo: HOME },
  adminAddPackage: { pattern: '/adminaddpackage', access: 'admin', redirectTo: HOME },
  adminPayments: { pattern: '/admin/payments', access: 'admin', redirectTo: HOME },
  adminAuditLog: { pattern: '/admin/audit-log', access: 'admin', redirectTo: HOME },
} as const satisfies Record<string, RouteRule>;

export type RouteId = keyof typeof routes;

type Id = string | number;
const to = generatePath;

/** Links into the app; build every `to`/`href` from these rather than writing paths by hand. */
export const paths = {
  landing: () => to(routes.landing.pattern),
  login: () => to(routes.login.pattern),
  register: () => to(routes.register.pattern),
  forgotPassword: () => to(routes.forgotPassword.pattern),
  pricing: (type?: PackageType) => to(routes.pricing.pattern, { type: type ?? null }),
  pricings: () => to(routes.pricings.pattern),

  home: () => to(routes.home.pattern),
  websites: (type?: PackageType) => to(routes.websites.pattern, { type: type ?? null }),
  traffic: (type?: PackageType) => to(routes.traffic.pattern, { type: type ?? null }),
  support: () => to(routes.support.pattern),
  billing: () => to(routes.billing.pattern),
  security: () => to(routes.security.pattern),
  /** How to call the Customer API with a personal access token (curl examples). */
  apiAccess: () => to(routes.apiAccess.pattern),
  update: () => to(routes.update.pattern),

  createWebsite: (type: PackageType) => to(routes.createWebsite.pattern, { type }),
  editWebsite: (id: Id) => to(routes.editWebsite.pattern, { id: String(id) }),
  editNormalWebsite: (id: Id) => to(routes.editNormalWebsite.pattern, { id: String(id) }),
  addWebsite: () => to(routes.addWebsite.pattern),

  purchase: () => to(routes.purchase.pattern),
  purchaseAddon: () => to(routes.purchaseAddon.pattern),
  cancel: () => to(routes.cancel.pattern),
  tos: () => to(routes.tos.pattern),
  privacy: () => to(routes.privacy.pattern),
  about: () => to(routes.about.pattern),

  addPackage: () => to(routes.addPackage.pattern),
  addNotifications: () => to(routes.addNotifications.pattern),
  viewWebsite: (id: Id) => to(routes.viewWebsite.pattern, { id: String(id) }),
  users: () => to(routes.users.pattern),
  /** The admin's page of one customer: details, subscriptions, add-ons, websites, payments, sessions, audit events, actions. */
  customer: (id: Id) => to(routes.customer.pattern, { id: String(id) }),
  manageSubscriptions: () => to(routes.manageSubscriptions.pattern),
  addSlots: () => to(routes.addSlots.pattern),
  addHits: () => to(routes.addHits.pattern),
  addUserPackage: () => to(routes.addUserPackage.pattern),
  addUserExtension: () => to(routes.addUserExtension.pattern),
  editPackage: () => to(routes.editPackage.pattern),
  editSlots: () => to(routes.editSlots.pattern),
  editHits: () => to(routes.editHits.pattern),
  adminAddPackage: () => to(routes.adminAddPackage.pattern),
  /** The Payments screen, searched for one customer (their email) when given. */
  adminPayments: (search?: string) =>
    `${to(routes.adminPayments.pattern)}${search ? `?${new URLSearchParams({ search }).toString()}` : ''}`,
  /** The Audit log screen, with its filters (actor, action, target, from, to) set when given. */
  adminAuditLog: (filters: Partial<Record<'actor' | 'action' | 'target' | 'from' | 'to', string>> = {}) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value)).toString();
    return `${to(routes.adminAuditLog.pattern)}${query ? `?${query}` : ''}`;
  },
} satisfies Record<RouteId, (...args: never[]) => string>;
