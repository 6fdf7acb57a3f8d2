import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { fail, ok } from '../../test/fake-api.ts';
import { hits1000, openAsAdmin, slots5, user, watchToasts } from './admin-test-kit.ts';

const toasts = watchToasts();
const form = (name: string) => screen.findByRole('form', { name });

async function fill(fields: Partial<Record<'Name' | 'Count' | 'Price', string>>) {
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    await user.type(input, value);
  }
}

describe('AddHitsPage and AddSlotsPage', () => {
  it("blocks an incomplete form with 'Please fill all fields' and sends nothing", async () => {
    const { api } = await openAsAdmin('/addhits');
    await form('New hits package');
    await user.click(screen.getByRole('button', { name: 'Add Hits' }));
    expect(toasts.error).toHaveBeenCalledWith(MSG.fillAllFields);
    expect(await screen.findByText(MSG.fillAllFields)).toBeInTheDocument();

    await fill({ Name: 'Big pack', Count: '2000' });
    await user.click(screen.getByRole('button', { name: 'Add Hits' }));
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(toasts.error).toHaveBeenCalledTimes(2);
    expect(api.callsTo('POST /additional-hits')).toHaveLength(0);
  });

  it('reads count and price as whole numbers, says so, clears the form and reloads the list', async () => {
    const created = { id: '2500Hits', name: 'Big pack', price: '14.00', count: 2500, type: 'seo' };
    const { api } = await openAsAdmin('/addhits', { 'POST /additional-hits': { status: 201, body: created } });
    const existing = await screen.findByRole('region', { name: 'Existing extra hits packages' });
    expect(await within(existing).findByText('1000 Hits (1000Hits)')).toBeInTheDocument();

    await fill({ Name: 'Big pack', Count: '2500.7', Price: '14.99' });
    expect(screen.getByText('Saved as 2500Hits')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'seo' }));
    api.reply('GET /additional-hits', ok([hits1000, created]));
    await user.click(screen.getByRole('button', { name: 'Add Hits' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.hitPackageAdded));
    expect(api.callsTo('POST /additional-hits')[0]?.body).toEqual({
      id: '2500Hits',
      name: 'Big pack',
      count: 2500,
      price: 14,
      type: 'seo',
    });
    expect(await screen.findByText(MSG.hitPackageAdded)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByLabelText('Count')).toHaveValue(null);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('normal');
    expect(await within(existing).findByText('Big pack (2500Hits)')).toBeInTheDocument();
  });

  it('adds a slot package with the slot wording', async () => {
    const { api } = await openAsAdmin('/addslots', { 'POST /additional-slots': { status: 201, body: slots5 } });
    await form('New slots package');
    await fill({ Name: '5 Slots', Count: '5', Price: '3' });
    await user.click(screen.getByRole('button', { name: 'Add Slots' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.slotPackageAdded));
    expect(api.callsTo('POST /additional-slots')[0]?.body).toMatchObject({ id: '5Slots', count: 5, price: 3, type: 'normal' });
  });

  it("reports a refusal with the product's failure toast and the server's reason, keeping what was typed", async () => {
    await openAsAdmin('/addslots', { 'POST /additional-slots': fail(409, 'CONFLICT', 'An add-on with id 5Slots already exists.') });
    await form('New slots package');
    await fill({ Name: 'Again', Count: '5', Price: '3' });
    expect(await screen.findByText('Saved as 5Slots, which already exists')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Slots' }));

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MSG.slotPackageAddFailed));
    expect(await screen.findByText('An add-on with id 5Slots already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Again');
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('uses the hits failure wording when the server fails', async () => {
    await openAsAdmin('/addhits', { 'POST /additional-hits': fail(500, 'INTERNAL', 'Internal error') });
    await form('New hits package');
    await fill({ Name: 'Pack', Count: '10', Price: '1' });
    await user.click(screen.getByRole('button', { name: 'Add Hits' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MSG.hitPackageAddFailed));
    expect(screen.queryByText('Internal error')).not.toBeInTheDocument();
  });
});
