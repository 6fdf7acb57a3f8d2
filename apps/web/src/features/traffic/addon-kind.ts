/** The two add-on kinds, as the order API names them and as the pending purchase records them (docs/product.md section 3). */
export type AddonKind = 'hits' | 'slots';

export const PENDING_TYPE: Record<AddonKind, 'Hits' | 'Slots'> = { hits: 'Hits', slots: 'Slots' };

export const SECTION_TITLE: Record<AddonKind, string> = {
  hits: 'Purchase Extra Hits',
  slots: 'Purchase Extra Slots',
};
