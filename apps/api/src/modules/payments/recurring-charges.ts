import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { grantOrder, renewOrder, revokeOrder, revokeRenewal } from './grant-order.ts';
import { appliedCharges, findOrder, recordPaymentEvent, updateOrder, type OrderRow } from './orders.repository.ts';

/**
 * One charge of a recurring order as the gateway's own API reports it (PayHere's payment search,
 * PayPal's subscription transactions), already limited to the order's amount and currency.
 */
export interface GatewayCharge {
  id: string;
  state: 'paid' | 'refunded' | 'chargeback' | 'other';
  payload: unknown;
}

/**
 * Applies a recurring order's charges, oldest first, in one transaction holding the order's lock:
 * the first charge bought the order (it grants it if no callback has yet, and revokes it once
 * refunded or charged back); each later paid charge, once, is one monthly renewal. Every applied
 * charge is recorded as `<prefix><id>` in payment_events, so a charge reported again (a replayed
 * callback, the next scan) changes nothing. Returns what happened, for tests and logs.
 */
export async function applyRecurringCharges(
  ctx: AppContext,
  provider: 'payhere' | 'paypal',
  prefix: string,
  orderId: string,
  charges: GatewayCharge[],
): Promise<string[]> {
  if (charges.length === 0) return [];
  return ctx.db.transaction(async (tx) => {
    const locked = await findOrder(tx, orderId, true);
    if (!locked || locked.status === 'revoked') return ['order revoked'];
    const done: string[] = [];
    const [first, ...later] = charges;
    if (locked.grantedAt && (first!.state === 'refunded' || first!.state === 'chargeback')) {
      await revokeOrder(ctx, tx, locked.id, first!.state === 'refunded' ? 'refund' : 'chargeback');
      return ['revoked'];
    }
    if (!locked.grantedAt) {
      if (first!.state !== 'paid') return done;
      await updateOrder(tx, locked.id, { status: 'paid', paidAt: ctx.now() });
      await grantOrder(ctx, tx, locked.id);
      done.push('granted');
    }
    const record = (charge: GatewayCharge, kind: string) =>
      recordCharge(tx, provider, `${prefix}${charge.id}`, locked, kind, charge.payload);
    const applied = await appliedCharges(tx, locked.id, provider, prefix);
    if (!applied.has(first!.id)) await record(first!, 'payment');
    // Only a monthly package has later charges; anything else charged again is for support to refund.
    const granted = (await findOrder(tx, locked.id))!;
    for (const charge of locked.kind === 'package' ? later : []) {
      if (applied.get(charge.id) === 'renewal' && (charge.state === 'refunded' || charge.state === 'chargeback')) {
        // Refunded or charged back at the gateway (its portal, the buyer's bank): the month goes,
        // once (an admin's refund of the same charge recorded this key first).
        const fresh = await recordPaymentEvent(tx, {
          provider,
          externalId: `refund:${prefix}${charge.id}`,
          orderId: locked.id,
          kind: 'refund',
          amount: locked.amount,
          currency: locked.currency,
          payload: { chargeKind: 'renewal', by: 'gateway', state: charge.state },
        });
        if (fresh) {
          await revokeRenewal(ctx, tx, locked.id, charge.state === 'refunded' ? 'refund' : 'chargeback');
          done.push('renewal revoked');
        }
        continue;
      }
      if (applied.has(charge.id)) continue;
      if (charge.state !== 'paid') {
        await record(charge, 'renewal-void');
        continue;
      }
      const outcome = await renewOrder(ctx, tx, granted);
      // Too early: left unrecorded, so the next read near the period's end applies it then.
      if (outcome === 'early') {
        done.push('early');
        break;
      }
      await record(charge, outcome === 'renewed' ? 'renewal' : 'renewal-unapplied');
      done.push(outcome);
    }
    return done;
  });
}

function recordCharge(tx: Executor, provider: string, externalId: string, order: OrderRow, kind: string, payload: unknown) {
  return recordPaymentEvent(tx, {
    provider,
    externalId,
    orderId: order.id,
    kind,
    amount: order.amount,
    currency: order.currency,
    payload: payload ?? {},
  });
}
