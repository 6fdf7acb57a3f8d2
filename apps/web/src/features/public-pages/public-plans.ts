/** The four fixed public pricing cards of docs/product.md section 9; they do not come from the API. */
export type PublicPlan = {
  readonly name: string;
  /** US dollars per month, written as the pricing cards show it. */
  readonly price: string;
  readonly hitsPerDay: number;
  readonly slots: number;
  /** What this plan adds on top of the features every plan has. */
  readonly extras: readonly string[];
};

export const PUBLIC_PLANS: readonly PublicPlan[] = [
  { name: 'Basic', price: '14.99', hitsPerDay: 1000, slots: 6, extras: [] },
  { name: 'Standard', price: '44.99', hitsPerDay: 4200, slots: 25, extras: [] },
  { name: 'Premium', price: '74.99', hitsPerDay: 10000, slots: 50, extras: [] },
  {
    name: 'Premium Plus',
    price: '349.99',
    hitsPerDay: 50000,
    slots: 100,
    extras: ['Dedicated account manager'],
  },
];

/** Included in every plan. */
export const ALL_PLAN_FEATURES = [
  'Direct traffic',
  'Referral traffic',
  'Organic search',
  'Bounce rate reduction',
  'Geo location',
  'Random clicks',
  'Page scrolls',
  'Adult content accepted',
] as const;
