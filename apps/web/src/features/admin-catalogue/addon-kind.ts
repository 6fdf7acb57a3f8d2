import { MSG } from '@traffic/shared/messages';
import { queryKeys } from '../../lib/query-keys.ts';

/** The two add-on catalogues: extra hits and extra slots share one shape and one set of screens. */
export type AddonKind = 'hits' | 'slots';

export const ADDON_KINDS = ['hits', 'slots'] as const satisfies readonly AddonKind[];

interface AddonKindInfo {
  listKey: readonly string[];
  /** "Extra hits", for headings and the grant selector's groups. */
  label: string;
  added: string;
  addFailed: string;
  addTitle: string;
  addButton: string;
  editTitle: string;
}

export const ADDON_KIND: Record<AddonKind, AddonKindInfo> = {
  hits: {
    listKey: queryKeys.catalogue.additionalHits,
    label: 'Extra hits',
    added: MSG.hitPackageAdded,
    addFailed: MSG.hitPackageAddFailed,
    addTitle: 'New hits package',
    addButton: 'Add Hits',
    editTitle: 'Hits packages',
  },
  slots: {
    listKey: queryKeys.catalogue.additionalSlots,
    label: 'Extra slots',
    added: MSG.slotPackageAdded,
    addFailed: MSG.slotPackageAddFailed,
    addTitle: 'New slots package',
    addButton: 'Add Slots',
    editTitle: 'Slots packages',
  },
};
