/** Every TanStack Query key of the app, so invalidations name exactly what they refresh. */
export const queryKeys = {
  users: {
    all: ['users'] as const,
    /** The signed-in user, loaded by email (POST users/load/{email}). */
    current: (email: string) => ['users', 'current', email.toLowerCase()] as const,
  },
  /** GET packages, additional-hits, additional-slots: one cache for the customer screens and the admin console. */
  catalogue: {
    all: ['catalogue'] as const,
    packages: ['catalogue', 'packages'] as const,
    additionalHits: ['catalogue', 'additional-hits'] as const,
    additionalSlots: ['catalogue', 'additional-slots'] as const,
  },
  /** GET /api/billing and /api/billing/history: the signed-in customer's renewals and ledger. */
  billing: {
    all: ['billing'] as const,
    overview: ['billing', 'overview'] as const,
    history: (page: number, size: number) => ['billing', 'history', { page, size }] as const,
    reminders: ['billing', 'reminders'] as const,
    /** GET /api/billing/change/:id: what buying that package would pause. */
    change: (packageId: string) => ['billing', 'change', packageId] as const,
  },
  /** GET account/security and account/events: the signed-in account's own security (the admin's side panel reads its two-factor state). */
  accountSecurity: {
    all: ['account-security'] as const,
    overview: ['account-security', 'overview'] as const,
  },
  /** GET /api/config: this deployment's payment mode and PayPal client id. */
  clientConfig: ['client-config'] as const,
  /** One website (POST website/edit/{id}) and its delivered hits (GET website/{id}/hits). */
  websites: {
    all: ['websites'] as const,
    detail: (id: number) => ['websites', 'detail', id] as const,
    hits: (id: number) => ['websites', 'hits', id] as const,
    /** GET website/{id}/history: its delivered hits per day. */
    history: (id: number, days: number) => ['websites', 'history', id, days] as const,
    /** GET website/{id}/history/months: its delivered hits per month. */
    months: (id: number, months: number) => ['websites', 'history-months', id, months] as const,
  },
  /** GET delivery/{type}: Home's chart of a package type's websites. */
  delivery: (type: string, days: number) => ['delivery', type, days] as const,
  /** GET delivery/{type}/months: the same per month (the long range). */
  deliveryMonths: (type: string, months: number) => ['delivery-months', type, months] as const,
  admin: {
    all: ['admin'] as const,
    /** GET admin/payments: every page and filter under one prefix. */
    paymentsAll: ['admin', 'payments'] as const,
    payments: (params: Record<string, string | number>) => ['admin', 'payments', params] as const,
    /** GET admin/audit: every page and filter under one prefix (an admin action adds a row). */
    auditAll: ['admin', 'audit'] as const,
    audit: (params: Record<string, string | number>) => ['admin', 'audit', params] as const,
    /** GET admin/activated-addons ('Package details'): every page, size and search under one prefix. */
    activatedAddonsAll: ['admin', 'activated-addons'] as const,
    activatedAddons: (page: number, size: number, search: string) => ['admin', 'activated-addons', { page, size, search }] as const,
    /** GET admin/users and admin/websites: the dashboard's counts. */
    userCount: ['admin', 'user-count'] as const,
    websiteCount: ['admin', 'website-count'] as const,
    /** GET admin/expire: subscriptions ending within 30 days. */
    expiringUsers: ['admin', 'expiring-users'] as const,
    /** GET admin/latest-websites. */
    latestWebsites: ['admin', 'latest-websites'] as const,
    /** GET admin/ninehits-account: the 9Hits account's points and slots. */
    ninehitsAccount: ['admin', 'ninehits-account'] as const,
    /** GET admin/business: the dashboard's charts. */
    business: ['admin', 'business'] as const,
    /** GET admin/all-users/{type} ('Users details'): every page, search and filter under one prefix. */
    allUsers: ['admin', 'all-users'] as const,
    usersPage: (type: string, params: Record<string, string | number>) => ['admin', 'all-users', type, params] as const,
    /** GET admin/jobs/failed: every page under one prefix. */
    failedJobsAll: ['admin', 'failed-jobs'] as const,
    failedJobs: (page: number, size: number) => ['admin', 'failed-jobs', { page, size }] as const,
    /** POST users/load/{email} as an admin: a customer's packages and add-ons, beside a grant form. */
    customer: (email: string) => ['admin', 'customer', email.trim().toLowerCase()] as const,
    /** GET admin/customers/{id}: the admin's customer page; every customer under one prefix (an admin action changes it). */
    customerPagesAll: ['admin', 'customer-page'] as const,
    customerPage: (id: number) => ['admin', 'customer-page', id] as const,
    /** POST admin/search-users (the notification form's 'Sender Name'). */
    userSearch: (text: string) => ['admin', 'search-users', text] as const,
  },
};
