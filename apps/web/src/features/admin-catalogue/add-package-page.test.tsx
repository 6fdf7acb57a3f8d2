import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { fail } from '../../test/fake-api.ts';
import { basic, openAsAdmin, user, watchToasts } from './admin-test-kit.ts';

const toasts = watchToasts();

async function fillPackage(values: { Name: string; Hits: string; Slots: string; Price: string; Description: string }) {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
}

describe('AddPackagePage', () => {
  it.each(['/adminaddpackage', '/admin/addPackage'])(
    'creates a package at %s with whole numbers and the hit-package wording',
    async (path) => {
      const { api } = await openAsAdmin(path, {
        'POST /packages': { status: 201, body: { ...basic, id: 'pkgGoldPlus', name: 'Gold Plus' } },
      });
      await screen.findByRole('form', { name: 'New package' });
      await fillPackage({ Name: 'Gold Plus!', Hits: '3000.9', Slots: '12', Price: '29.99', Description: '<ul><li>Gold</li></ul>' });
      expect(screen.getByText('Saved as pkgGoldPlus')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add Package' }));

      await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.hitPackageAdded));
      expect(api.callsTo('POST /packages')[0]?.body).toEqual({
        id: 'pkgGoldPlus',
        name: 'Gold Plus!',
        hits_per_day: 3000,
        slots: 12,
        price: 29,
        description: '<ul><li>Gold</li></ul>',
        type: 'normal',
      });
      await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue(''));
    },
  );

  it('blocks a form with an empty description, a name without letters or digits, or a price of 0', async () => {
    const { api } = await openAsAdmin('/adminaddpackage');
    await screen.findByRole('form', { name: 'New package' });
    await fillPackage({ Name: '!!!', Hits: '100', Slots: '1', Price: '0', Description: ' ' });
    await user.click(screen.getByRole('button', { name: 'Add Package' }));

    expect(toasts.error).toHaveBeenCalledWith(MSG.fillAllFields);
    expect(screen.getByText('Use letters or digits')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    // A free package would be anyone's for nothing.
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter at least 1')).toBeInTheDocument();
    expect(api.callsTo('POST /packages')).toHaveLength(0);
  });

  it('shows the Hits Package failure toast and the server reason on a 409', async () => {
    await openAsAdmin('/adminaddpackage', { 'POST /packages': fail(409, 'CONFLICT', 'A package with id pkgBasic already exists.') });
    await screen.findByRole('form', { name: 'New package' });
    await fillPackage({ Name: 'Basic', Hits: '1000', Slots: '6', Price: '14', Description: 'x' });
    expect(await screen.findByText('Saved as pkgBasic, which already exists')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Package' }));

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MSG.hitPackageAddFailed));
    expect(await screen.findByText('A package with id pkgBasic already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Basic');
  });
});
