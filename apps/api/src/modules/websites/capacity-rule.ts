/** What the capacity rule needs of a type's capacity: whether a package runs, and its totals. */
export interface CapacityLimit {
  subscriptionActive: boolean;
  totalHits: number;
  totalSlots: number;
}

/**
 * The websites a capacity would pause (docs/decisions/0009): none while the switched-on websites
 * fit; else the newest first, until the rest fit (all of them without a running package). Takes the
 * type's websites that are switched on, oldest first; answers the ones to pause, newest first.
 * The reconciliation applies it, and the package change's preview shows it before paying.
 */
export function websitesToPause<S extends { dailyHitLimit: number }>(activeOldestFirst: readonly S[], capacity: CapacityLimit): S[] {
  let hits = activeOldestFirst.reduce((sum, s) => sum + s.dailyHitLimit, 0);
  let count = activeOldestFirst.length;
  const fits = () => capacity.subscriptionActive && hits <= capacity.totalHits && count <= capacity.totalSlots;
  const pausing: S[] = [];
  for (const site of [...activeOldestFirst].reverse()) {
    if (fits()) break;
    pausing.push(site);
    hits -= site.dailyHitLimit;
    count -= 1;
  }
  return pausing;
}
