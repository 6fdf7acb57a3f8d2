import { HITS } from '@traffic/shared/constants';

export interface HitSliderBounds {
  min: number;
  max: number;
  step: number;
  /** Nothing left to give: the slider cannot move. */
  disabled: boolean;
}

/**
 * docs/product.md section 5: minimum 100, maximum the hits there are to give (on edit the available hits
 * plus the site's own), step 100; when fewer than 100 are there, step 1 from 1.
 */
export function hitSliderBounds(maxHits: number): HitSliderBounds {
  const max = Math.max(0, Math.floor(maxHits));
  if (max < HITS.min) return { min: Math.min(1, max), max, step: HITS.fineStep, disabled: max < 1 };
  return { min: HITS.min, max, step: HITS.step, disabled: false };
}

/** The default of 100 hits, or all there is when that is less. */
export function defaultHitLimit(maxHits: number): number {
  return Math.max(0, Math.min(HITS.default, Math.floor(maxHits)));
}
