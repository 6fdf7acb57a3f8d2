import type { Activation } from '@traffic/shared';

/**
 * The one activated add-on presenter (docs/product.md section 3): what a purchase, an admin's grant
 * and the user object's add-on lists answer.
 */
interface ActivationSource {
  id: number;
  kind: string;
  type: string;
  name: string;
  count: number;
  expiresAt: Date;
}
type AddonRef = { type: string; count: number; name: string };

export function presentActivation(a: ActivationSource & { kind: 'hits' }): Activation & { additional_hit: AddonRef };
export function presentActivation(a: ActivationSource & { kind: 'slots' }): Activation & { additional_slot: AddonRef };
export function presentActivation(a: ActivationSource): Activation;
export function presentActivation(a: ActivationSource): Activation {
  const ref = { type: a.type, count: a.count, name: a.name };
  return { id: a.id, expiry_date: a.expiresAt.toISOString(), ...(a.kind === 'hits' ? { additional_hit: ref } : { additional_slot: ref }) };
}
