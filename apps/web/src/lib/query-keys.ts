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
  /** GET /api/config: this deployment's payment mode and PayPal client id. */
  clientConfig: ['client-config'] as const,
  admin: {
    all: ['admin'] as const,
    /** GET admin/activated-addons ('Package details'), one entry per page, size and search. */
    activatedAddons: (page: number, size: number, search: string) => ['admin', 'activated-addons', { page, size, search }] as const,
  },
};
