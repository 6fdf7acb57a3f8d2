import { act, configure, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { PENDING_PURCHASE_KEYS, pendingAddon, type PendingAddonPurchase } from '../../lib/pending-purchase.ts';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { findToast } from '../../test/find-toast.ts';
import { renderApp } from '../../test/render-app.tsx';

// The first screen of a file loads its lazy route chunk, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.restoreAllMocks();
  act(() => toast.dismiss());
});

const customer = makeUser({ status: 'ACTIVE' });
const hitsRecord: PendingAddonPurchase = {
  name: '1000 Extra Hits',
  additional_id: '1000Hits',
  user_id: customer.id,
  token: 'order-h',
  type: 'Hits',
};
const slotsRecord: PendingAddonPurchase = {
  name: '5 Extra Slots',
  additional_id: '5Slots',
  user_id: customer.id,
  token: 'order-s',
  type: 'Slots',
};
const activation = (kind: 'hit' | 'slot') =>
  ok({ id: 1, expiry_date: '2999-01-01T00:00:00.000Z', [`additional_${kind}`]: { type: 'normal', count: 5, name: 'x' } });

function openReturn(record: PendingAddonPurchase, replies: Record<string, ReturnType<typeof ok>>) {
  storeSignedIn(customer);
  pendingAddon.save(record);
  const api = fakeApi({ [`POST /users/load/${customer.email}`]: ok(customer), ...replies });
  return { api, ...renderApp(`/purchaseaddon?order_id=${record.token}`) };
}

describe('PurchaseAddonPage', () => {
  it('activates extra hits with the hits call, forgets the record and opens /websites', async () => {
    const { api, router } = openReturn(hitsRecord, { 'POST /activated-additional-hits': activation('hit') });
    expect(await findToast(MSG.purchaseSuccess)).toHaveClass('Toastify__toast--success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites'));

    expect(api.callsTo('POST /activated-additional-hits')[0]?.body).toEqual({
      additional_id: '1000Hits',
      token: 'order-h',
      user_id: customer.id,
      name: '1000 Extra Hits',
      email: customer.email,
    });
    expect(api.callsTo('POST /activated-additional-slots')).toHaveLength(0);
    expect(localStorage.getItem(PENDING_PURCHASE_KEYS.addon)).toBeNull();
    // The user is loaded again: the add-on changed the available hits.
    expect(api.callsTo(`POST /users/load/${customer.email}`).length).toBeGreaterThan(1);
  });

  it('activates extra slots with the slots call', async () => {
    const { api, router } = openReturn(slotsRecord, { 'POST /activated-additional-slots': activation('slot') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites'));
    expect(api.callsTo('POST /activated-additional-slots')[0]?.body).toMatchObject({ additional_id: '5Slots', token: 'order-s' });
    expect(api.callsTo('POST /activated-additional-hits')).toHaveLength(0);
    expect(localStorage.getItem(PENDING_PURCHASE_KEYS.addon)).toBeNull();
  });

  it.each([
    [hitsRecord, 'POST /activated-additional-hits', MSG.hitsPurchaseFailed],
    [slotsRecord, 'POST /activated-additional-slots', MSG.slotsPurchaseFailed],
  ] as const)('shows the failure toast of its kind (%#)', async (record, call, message) => {
    const { router } = openReturn(record, { [call]: fail(402, 'PAYMENT', 'This order was not paid.') });
    expect(await findToast(message)).toHaveClass('Toastify__toast--error');
    expect(router.state.location.pathname).toBe('/purchaseaddon');
    expect(localStorage.getItem(PENDING_PURCHASE_KEYS.addon)).toBeNull();
  });
});
