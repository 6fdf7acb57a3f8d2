import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FailedJob } from '@traffic/shared/schemas/jobs.schema';
import { fail, ok, type FakeResponse } from '../../../test/fake-api.ts';
import { findToast } from '../../../test/find-toast.ts';
import { dismissToastsAfterEach, FIRST_LOAD, openAsAdmin, user } from '../admin-console-test-kit.ts';

dismissToastsAfterEach();

beforeAll(async () => {
  await import('./admin-dashboard.tsx');
});

const job = (id: number, description: string, lastError = 'connect ECONNREFUSED 127.0.0.1:25'): FailedJob => ({
  id,
  kind: 'send-email',
  description,
  attempts: 10,
  last_error: lastError,
  failed_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T09:00:00.000Z',
});

function openDashboard(failed: FakeResponse) {
  return openAsAdmin('/home', {
    'GET /admin/users': ok({ count: 1 }),
    'GET /admin/websites': ok({ count: 0 }),
    'GET /admin/expire': ok([]),
    'GET /admin/latest-websites': ok([]),
    'GET /admin/jobs/failed': failed,
  });
}

const section = () => screen.findByRole('region', { name: 'Background jobs that gave up' }, FIRST_LOAD);

describe('Failed background jobs on the admin dashboard', () => {
  it('shows how many gave up, what each was for and why, and retries one', async () => {
    const { api } = openDashboard(
      ok({ total: 2, rows: [job(41, 'Send mail #9'), job(40, 'Update website #3 at 9Hits', '9Hits siteUpdate failed: Invalid API key.')] }),
    );
    const region = await section();
    expect(await within(region).findByText('2 failed')).toBeInTheDocument();
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Send mail #9');
    expect(rows[0]).toHaveTextContent('ECONNREFUSED');
    expect(rows[1]).toHaveTextContent('Invalid API key.');
    expect(api.callsTo('GET /admin/jobs/failed')[0]?.query).toEqual({ page: '0', size: '5' });

    api.reply('POST /admin/jobs/41/retry', ok({ result: 'queued' }));
    api.reply('GET /admin/jobs/failed', ok({ total: 1, rows: [job(40, 'Update website #3 at 9Hits')] }));
    await user.click(within(region).getByRole('button', { name: 'Retry: Send mail #9' }));
    expect(await findToast('Queued again: Send mail #9.')).toBeInTheDocument();
    await waitFor(() => expect(within(region).getByText('1 failed')).toBeInTheDocument());
    expect(within(region).queryByText('Send mail #9')).not.toBeInTheDocument();
  });

  it('dismisses a job after the confirmation, and keeps it on No', async () => {
    const { api } = openDashboard(ok({ total: 1, rows: [job(41, 'Send mail #9')] }));
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Dismiss: Send mail #9' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Dismiss: Send mail #9');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /admin/jobs/41/dismiss')).toHaveLength(0);

    api.reply('POST /admin/jobs/41/dismiss', ok({ result: 'dismissed' }));
    api.reply('GET /admin/jobs/failed', ok({ total: 0, rows: [] }));
    await user.click(within(region).getByRole('button', { name: 'Dismiss: Send mail #9' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await findToast('Dismissed: Send mail #9. It will not run again.')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/jobs/41/dismiss')).toHaveLength(1);
    expect(await within(region).findByText('No background job has given up.')).toBeInTheDocument();
  });

  it('says so when nothing has failed, with no badge', async () => {
    openDashboard(ok({ total: 0, rows: [] }));
    const region = await section();
    expect(await within(region).findByText('No background job has given up.')).toBeInTheDocument();
    expect(within(region).queryByText(/failed$/)).not.toBeInTheDocument();
  });

  it('offers to load again when the list fails, and tells when a retry fails', async () => {
    const { api } = openDashboard(fail(500, 'INTERNAL', 'boom'));
    const region = await section();
    expect(await within(region).findByText('The failed jobs could not be loaded.')).toBeInTheDocument();
    api.reply('GET /admin/jobs/failed', ok({ total: 1, rows: [job(7, 'Send mail #1')] }));
    await user.click(within(region).getByRole('button', { name: 'Retry' }));
    const retry = await within(region).findByRole('button', { name: 'Retry: Send mail #1' });
    api.reply('POST /admin/jobs/7/retry', fail(404, 'NOT_FOUND', 'No failed job #7.'));
    await user.click(retry);
    expect(await findToast('Could not retry: Send mail #1. Please try again.')).toBeInTheDocument();
  });
});
