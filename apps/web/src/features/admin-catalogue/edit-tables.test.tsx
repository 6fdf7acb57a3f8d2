import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { fail, ok } from '../../test/fake-api.ts';
import { basic, hits1000, hits5000, openAsAdmin, seoStarter, standard, user, watchToasts } from './admin-test-kit.ts';

const toasts = watchToasts();

async function rowOf(table: string, text: string) {
  const grid = await screen.findByRole('table', { name: table });
  const cell = await within(grid).findByText(text);
  return cell.closest('tr')!;
}

describe('EditPackagesPage (/editpackage)', () => {
  it('edits a row in place and saves it with PUT packages', async () => {
    const saved = { ...basic, name: 'Basic Plus', price: '15.49', hits_per_day: 1200 };
    const { api } = await openAsAdmin('/editpackage', { 'PUT /packages': ok(saved) });
    const row = await rowOf('Packages', 'pkgBasic');
    expect(within(row).getByText('$14.99')).toBeInTheDocument();
    expect(within(row).getByText('Direct traffic')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    expect(within(await rowOf('Packages', 'pkgStandard')).getByRole('button', { name: 'Edit' })).toBeDisabled();
    const name = within(row).getByRole('textbox', { name: /^Name of / });
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'Basic Plus');
    await user.clear(within(row).getByRole('textbox', { name: /^Price of / }));
    await user.type(within(row).getByRole('textbox', { name: /^Price of / }), '15.49');
    await user.clear(within(row).getByRole('spinbutton', { name: /^Hits per day of / }));
    await user.type(within(row).getByRole('spinbutton', { name: /^Hits per day of / }), '1200');
    api.reply('GET /packages', ok([saved, standard, seoStarter]));
    await user.click(within(row).getByRole('button', { name: 'Save' }));

    const updated = await rowOf('Packages', 'Basic Plus');
    expect(within(updated).getByText('$15.49')).toBeInTheDocument();
    expect(within(updated).getByText('1,200')).toBeInTheDocument();
    expect(within(updated).queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.callsTo('PUT /packages')[0]?.body).toEqual({
      id: 'pkgBasic',
      name: 'Basic Plus',
      price: '15.49',
      hits_per_day: 1200,
      slots: 6,
      description: '<ul><li>Direct traffic</li></ul>',
    });
  });

  it('refuses a price of 0 in place, sending nothing', async () => {
    const { api } = await openAsAdmin('/editpackage');
    const row = await rowOf('Packages', 'pkgBasic');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await user.clear(within(row).getByRole('textbox', { name: /^Price of / }));
    await user.type(within(row).getByRole('textbox', { name: /^Price of / }), '0.00');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(toasts.error).toHaveBeenCalledWith(MSG.fillAllFields);
    expect(within(row).getByRole('textbox', { name: /^Price of / })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /packages')).toHaveLength(0);
  });

  it('cancels an edit without saving and restores the row', async () => {
    const { api } = await openAsAdmin('/editpackage');
    const row = await rowOf('Packages', 'pkgStandard');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await user.clear(within(row).getByRole('textbox', { name: /^Name of / }));
    await user.type(within(row).getByRole('textbox', { name: /^Name of / }), 'Changed');
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));

    expect(within(row).getByText('Standard')).toBeInTheDocument();
    expect(within(row).queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.callsTo('PUT /packages')).toHaveLength(0);
  });

  it("blocks an emptied cell with 'Please fill all fields' and keeps the row editable when the save fails", async () => {
    const { api } = await openAsAdmin('/editpackage', { 'PUT /packages': fail(500, 'INTERNAL', 'Internal error') });
    const row = await rowOf('Packages', 'pkgBasic');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await user.clear(within(row).getByRole('spinbutton', { name: /^Slots of / }));
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(toasts.error).toHaveBeenCalledWith(MSG.fillAllFields);
    expect(within(row).getByRole('spinbutton', { name: /^Slots of / })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /packages')).toHaveLength(0);

    await user.type(within(row).getByRole('spinbutton', { name: /^Slots of / }), '8');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MSG.packageEditFailed));
    expect(within(row).getByRole('spinbutton', { name: /^Slots of / })).toHaveValue(8);
  });

  it('asks before deleting in its own dialog naming who holds it; Cancel cancels, the named button deletes; a failed delete says so', async () => {
    const ends = '2026-12-25T12:00:00.000Z';
    const { api } = await openAsAdmin('/editpackage', {
      'DELETE /packages/pkgStandard': ok(),
      'GET /packages/pkgStandard/holders': ok({
        id: 'pkgStandard',
        name: 'Standard',
        total: 1,
        holders: [{ id: 7, username: 'ann', email: 'ann@example.com', endsAt: ends, renews: false }],
      }),
      'GET /packages/pkgBasic/holders': ok({ id: 'pkgBasic', name: 'Basic', total: 0, holders: [] }),
    });
    const row = await rowOf('Packages', 'pkgStandard');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Standard?' });
    const until = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(ends));
    expect(
      await within(dialog).findByText(`Standard has 1 active subscriber; they keep it until ${until}. It disappears from Pricing now.`),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Holders of Standard' })).toHaveTextContent('ann');
    expect(dialog).not.toHaveTextContent(MSG.confirmBody);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /packages/pkgStandard')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    api.reply('GET /packages', ok([basic, seoStarter]));
    const again = await screen.findByRole('dialog', { name: 'Delete Standard?' });
    await user.click(await within(again).findByRole('button', { name: 'Delete Standard' }));
    await waitFor(() => expect(screen.queryByText('pkgStandard')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /packages/pkgStandard')).toHaveLength(1);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    api.reply('DELETE /packages/pkgBasic', fail(500, 'INTERNAL', 'Internal error'));
    await user.click(within(await rowOf('Packages', 'pkgBasic')).getByRole('button', { name: 'Delete' }));
    const basicDialog = await screen.findByRole('dialog', { name: 'Delete Basic?' });
    expect(await within(basicDialog).findByText('Basic has no active subscribers. It disappears from Pricing now.')).toBeInTheDocument();
    await user.click(within(basicDialog).getByRole('button', { name: 'Delete Basic' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MSG.packageDeleteFailed));
    expect(screen.getByText('pkgBasic')).toBeInTheDocument();
  });

  it('says when there are no packages', async () => {
    await openAsAdmin('/editpackage', { 'GET /packages': ok([]) });
    expect(await screen.findByText('No packages yet.')).toBeInTheDocument();
  });
});

describe('EditHitsPage and EditSlotsPage', () => {
  it('edits count and type of an extra-hits package with PUT additional-hits', async () => {
    const saved = { ...hits5000, count: 6000, type: 'seo' as const };
    const { api } = await openAsAdmin('/edithits', { 'PUT /additional-hits': ok(saved) });
    const row = await rowOf('Hits packages', '5000Hits');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await user.clear(within(row).getByRole('spinbutton', { name: /^Count of / }));
    await user.type(within(row).getByRole('spinbutton', { name: /^Count of / }), '6000');
    await user.click(within(row).getByRole('combobox', { name: /^Type of / }));
    await user.click(await screen.findByRole('option', { name: 'seo' }));
    api.reply('GET /additional-hits', ok([hits1000, saved]));
    await user.click(within(row).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT /additional-hits')).toHaveLength(1));
    expect(api.callsTo('PUT /additional-hits')[0]?.body).toEqual({
      id: '5000Hits',
      name: '5000 Hits',
      price: '20.00',
      count: 6000,
      type: 'seo',
    });
    expect(await within(await rowOf('Hits packages', '5000Hits')).findByText('6,000')).toBeInTheDocument();
  });

  it('deletes an extra-slots package with DELETE additional-slots/{id} after its dialog', async () => {
    const { api } = await openAsAdmin('/editslots', {
      'DELETE /additional-slots/5Slots': ok(),
      'GET /additional-slots/5Slots/holders': ok({ id: '5Slots', name: '5 Slots', total: 0, holders: [] }),
    });
    const row = await rowOf('Slots packages', '5Slots');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    api.reply('GET /additional-slots', ok([]));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 5 Slots?' });
    expect(await within(dialog).findByText('5 Slots has no customers holding it. Nobody can buy it from now on.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete 5 Slots' }));

    expect(await screen.findByText('No extra slots add-ons yet.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /additional-slots/5Slots')).toHaveLength(1);
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
