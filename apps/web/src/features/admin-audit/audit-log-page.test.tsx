import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '@traffic/shared/schemas/security.schema';
import { fail, fakeApi, ok, type ApiCall } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { TYPING_DELAY_MS } from './use-audit-view.ts';

// The route loads the screen lazily; a cold first import can outlast a query's default wait.
beforeAll(async () => {
  await import('./audit-log-page.tsx');
});

const user = userEvent.setup({ delay: null });
const AUDIT = 'GET /admin/audit';

const deactivated: AuditEvent = {
  id: 2,
  at: '2026-11-20T10:15:00.000Z',
  actorId: 1,
  actorEmail: 'admin@example.com',
  action: 'user_deactivated',
  targetType: 'user',
  targetId: '7',
  targetLabel: 'ann@example.com',
  before: { status: 'ACTIVE' },
  after: { status: 'DEACTIVATED' },
  ip: '203.0.113.9',
  device: 'Firefox on Linux',
};
const failedSignIn: AuditEvent = {
  id: 1,
  at: '2026-11-20T09:00:00.000Z',
  actorId: null,
  actorEmail: null,
  action: 'sign_in_failed',
  targetType: null,
  targetId: null,
  targetLabel: 'nobody',
  before: null,
  after: { step: 'password' },
  ip: '198.51.100.4',
  device: null,
};

function open(
  path = '/admin/audit-log',
  reply: Parameters<typeof fakeApi>[0][string] = ok({ total: 2, totalCapped: false, rows: [deactivated, failedSignIn] }),
) {
  const admin = makeUser({ role: 'ROLE_ADMIN', status: 'ACTIVE' });
  storeSignedIn(admin);
  const api = fakeApi({ [`POST /users/load/${admin.email}`]: ok(admin), [AUDIT]: reply });
  return { api, ...renderApp(path) };
}

const lastQuery = (calls: ApiCall[]) => calls.at(-1)?.query;
const auditTable = () => screen.findByRole('table', { name: 'Audit log' });

describe('/admin/audit-log', () => {
  it('lists the events newest first: when with the IP and device, action label with the actor, target, before → after', async () => {
    const { api } = open();
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    const [, first, second] = within(await auditTable()).getAllByRole('row');
    expect(lastQuery(api.callsTo(AUDIT))).toEqual({ page: '0', size: '25' });

    expect(first).toHaveTextContent('admin@example.com');
    expect(first).toHaveTextContent('User deactivated');
    expect(first).toHaveTextContent('ann@example.com');
    expect(first).toHaveTextContent('user · id 7');
    expect(within(first!).getByText('status: ACTIVE → DEACTIVATED')).toBeInTheDocument();
    expect(first).toHaveTextContent('203.0.113.9');
    expect(first).toHaveTextContent('Firefox on Linux');
    const time = first!.querySelector('time');
    expect(time).toHaveAttribute('title', deactivated.at);
    expect(time).toHaveAttribute('dateTime', deactivated.at);
    expect(time).toHaveTextContent(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(deactivated.at)),
    );
    // The whole change as JSON, behind a toggle.
    const json = within(first!).getByText('Full JSON').closest('details')!;
    expect(json).not.toHaveAttribute('open');
    await user.click(within(first!).getByText('Full JSON'));
    expect(json).toHaveAttribute('open');
    expect(json.querySelector('pre')?.textContent).toBe(
      JSON.stringify({ before: { status: 'ACTIVE' }, after: { status: 'DEACTIVATED' } }, null, 2),
    );

    // A failed sign-in of a name no account has: no actor (the action's cell holds the actor under it).
    const cells = within(second!).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent(/^Failed sign-in—$/);
    expect(cells[2]).toHaveTextContent('nobody');
    expect(cells[3]).toHaveTextContent('step: password');
  });

  it('reads the filters from the address and asks the server for them', async () => {
    const { api } = open(
      '/admin/audit-log?actor=admin%40example.com&action=user_deactivated&target=ann&from=2026-11-01&to=2026-11-30&page=2',
    );
    await auditTable();
    expect(api.callsTo(AUDIT)[0]?.query).toEqual({
      page: '2',
      size: '25',
      actor: 'admin@example.com',
      action: 'user_deactivated',
      target: 'ann',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(screen.getByRole('searchbox', { name: 'Actor' })).toHaveValue('admin@example.com');
    expect(screen.getByRole('searchbox', { name: 'Target' })).toHaveValue('ann');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveTextContent('User deactivated');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
  });

  it('pages on the server, 25, 50 or 100 rows at a time, and says 10,000+ when the count is capped', async () => {
    const { api } = open('/admin/audit-log', ok({ total: 10_000, totalCapped: true, rows: [deactivated, failedSignIn] }));
    await auditTable();
    expect(screen.getByText('1–25 of 10,000+')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery(api.callsTo(AUDIT))).toEqual({ page: '1', size: '25' }));
    expect(screen.getByText('26–50 of 10,000+')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Rows per page:' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery(api.callsTo(AUDIT))).toEqual({ page: '0', size: '50' }));
  });

  it('asks again from the first page when a filter changes, and keeps the filters in the address', async () => {
    const { api, router } = open('/admin/audit-log?page=1');
    await auditTable();
    expect(lastQuery(api.callsTo(AUDIT))?.page).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('All actions');
    await user.click(screen.getByRole('option', { name: "User's sessions ended" }));
    await waitFor(() => expect(lastQuery(api.callsTo(AUDIT))).toEqual({ page: '0', size: '25', action: 'user_sessions_ended' }));
    expect(router.state.location.search).toBe('?action=user_sessions_ended');

    await user.type(screen.getByLabelText('From'), '2026-11-02');
    await waitFor(() => expect(lastQuery(api.callsTo(AUDIT))).toMatchObject({ page: '0', from: '2026-11-02' }));
  });

  it('asks for the actor and target once typing pauses, not per key', async () => {
    const { api, router } = open();
    await auditTable();

    await user.type(screen.getByRole('searchbox', { name: 'Actor' }), 'admin@');
    await waitFor(() => expect(lastQuery(api.callsTo(AUDIT))).toEqual({ page: '0', size: '25', actor: 'admin@' }));
    expect(api.callsTo(AUDIT).filter((call) => call.query.actor === 'a')).toHaveLength(0);
    await user.type(screen.getByRole('searchbox', { name: 'Target' }), ' ann ');
    await waitFor(() => expect(lastQuery(api.callsTo(AUDIT))).toEqual({ page: '0', size: '25', actor: 'admin@', target: 'ann' }));
    expect(new URLSearchParams(router.state.location.search).get('actor')).toBe('admin@');
    // The trailing space is still in the box: writing the address does not take what was typed back.
    expect(screen.getByRole('searchbox', { name: 'Target' })).toHaveValue(' ann ');

    // A link to the bare screen (the menu's) clears the boxes too, and the old text is not written
    // back once the typing delay has passed: fake timers let that delay pass at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(() => router.navigate('/admin/audit-log'));
      expect(screen.getByRole('searchbox', { name: 'Actor' })).toHaveValue('');
      expect(screen.getByRole('searchbox', { name: 'Target' })).toHaveValue('');
      await act(() => vi.advanceTimersByTimeAsync(TYPING_DELAY_MS * 2));
      expect(router.state.location.search).toBe('');
    } finally {
      vi.useRealTimers();
    }

    await user.type(screen.getByRole('searchbox', { name: 'Actor' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Actor' })).toHaveValue(''));
    expect(router.state.location.search).toBe('');
  });

  it('keeps both dates when From and To are set one right after the other, after Clear filters', async () => {
    const { api, router } = open('/admin/audit-log?action=user_deactivated&from=2026-10-01');
    await auditTable();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Two changes before the screen renders the first (one act: React renders once, at its end).
    act(() => {
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-30'));
    await waitFor(() => expect(lastQuery(api.callsTo(AUDIT))).toEqual({ page: '0', size: '25', from: '2026-11-01', to: '2026-11-30' }));
  });

  it('names each Full JSON toggle after its row', async () => {
    open();
    const [, first] = within(await auditTable()).getAllByRole('row');
    const at = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(deactivated.at));
    expect(within(first!).getByText('Full JSON')).toHaveAccessibleName(`Full JSON: User deactivated, ${at}`);
  });

  it('is the main landmark of the page', async () => {
    open();
    expect(await screen.findByRole('main')).toContainElement(await auditTable());
  });

  it('says so when no record matches', async () => {
    open('/admin/audit-log?actor=nobody', ok({ total: 0, totalCapped: false, rows: [] }));
    expect(await screen.findByText('No audit records match these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Audit log' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry, which asks again', async () => {
    const { api } = open('/admin/audit-log', fail(500, 'INTERNAL', 'boom'));
    expect(await screen.findByText('The audit log could not be loaded.')).toBeInTheDocument();
    api.reply(AUDIT, ok({ total: 1, totalCapped: false, rows: [deactivated] }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await auditTable()).toHaveTextContent('User deactivated');
    expect(api.callsTo(AUDIT)).toHaveLength(2);
  });
});
