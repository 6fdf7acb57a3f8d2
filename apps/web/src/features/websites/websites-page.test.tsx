import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { fail, ok } from '../../test/fake-api.ts';
import { findToast } from '../../test/find-toast.ts';
import { customer, dismissToastsAfterEach, makeSeoWebsite, makeWebsite, navigation, showApp, stats, typist } from './websites-test-kit.ts';

dismissToastsAfterEach();

const site = makeWebsite();
const seoSite = makeSeoWebsite();
const withSites = customer({
  websites: [site, seoSite],
  stats: { normal: stats(800, 5, { usedHits: 200, usedSlots: 1 }), seo: stats(300, 2, { usedHits: 200, usedSlots: 1 }) },
});
// The first find waits for the screen's code to load.
const card = (url: string) => screen.findByRole('article', { name: url }, navigation);

describe('WebsitesPage', () => {
  it("lists the first type's websites with its capacity figures and Add Website", async () => {
    showApp('/websites', withSites);
    const article = await card(site.url);
    expect(within(article).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: seoSite.url })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Normal' })).toHaveAttribute('aria-selected', 'true');

    const hits = screen.getByRole('region', { name: 'Hits per day' });
    expect(within(hits).getByText('1,000')).toBeInTheDocument();
    expect(within(hits).getByText('200')).toBeInTheDocument();
    expect(within(hits).getByText('800')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Slots' })).getByText('5')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Add Website' })).toHaveAttribute('href', '/addWebsite');
    expect(screen.getByRole('link', { name: 'Purchase More' })).toHaveAttribute('href', '/traffic/normal');
    expect(within(article).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/editWebsite/${site.id}`);
    expect(screen.queryByText(MSG.limitReached)).not.toBeInTheDocument();
  });

  it('follows the tab in the URL and links the other types to their own forms', async () => {
    const { router } = showApp('/websites', withSites);
    await card(site.url);
    await typist().click(screen.getByRole('tab', { name: 'SEO' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites/seo'), navigation);
    const article = await card(seoSite.url);
    expect(within(article).getByText('My video')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/edit-website/${seoSite.id}`);
    expect(screen.getByRole('link', { name: 'Add Website' })).toHaveAttribute('href', '/create-website/seo');
    expect(screen.getByRole('link', { name: 'Purchase More' })).toHaveAttribute('href', '/traffic/seo');
  });

  it.each([
    ['no hits', stats(0, 3)],
    ['no slots', stats(400, 0)],
  ])('offers no Add Website with %s left, but the limit text and Purchase More', async (_case, normal) => {
    showApp('/websites/normal', customer({ stats: { normal, seo: stats(0, 0) } }));
    expect(await screen.findByText(MSG.limitReached, {}, navigation)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Website' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase More' })).toHaveAttribute('href', '/traffic/normal');
  });

  it('tells a deactivated user so, and offers no add, edit or switching on (pausing stays)', async () => {
    const paused = makeWebsite({ id: 99, url: 'https://paused.example.com', status: 'PAUSED' });
    showApp('/websites', customer({ status: 'DEACTIVATED', websites: [site, paused] }));
    const article = await card(site.url);
    // The banner is a chunk of its own, loaded once the user is known to be deactivated.
    expect(await screen.findByText(MSG.accountDeactivated)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Website' })).not.toBeInTheDocument();
    expect(within(article).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    const pausedArticle = await card(paused.url);
    expect(within(pausedArticle).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    expect(within(pausedArticle).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('says a type never bought has no package yet, once: not expired, no limit, no figures', async () => {
    showApp('/websites/seo', customer({ seo_package: null, seo_subscription_expiry_date: null }));
    expect(await screen.findByText('You have no SEO package yet.', {}, navigation)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See SEO packages' })).toHaveAttribute('href', '/pricing/seo');
    for (const text of [MSG.subscriptionExpired, MSG.limitReached, MSG.accountDeactivated]) expect(screen.queryByText(text)).toBeNull();
    expect(screen.queryByText('Available')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Purchase More' })).toBeNull();
  });

  it('never tells a new account (nothing bought, INACTIVE) that it is deactivated: it has no package yet, with the way to one', async () => {
    showApp('/websites/normal', customer({ status: 'INACTIVE', package: null, subscription_expiry_date: null }));
    expect(await screen.findByText('You have no Normal package yet.', {}, navigation)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Normal packages' })).toHaveAttribute('href', '/pricing/normal');
    expect(screen.queryByText(MSG.accountDeactivated)).toBeNull();
  });

  it('says when an expired package ended, with a way to the pricing of that type', async () => {
    showApp('/websites/normal', customer({ subscription_expiry_date: '2020-01-01T00:00:00.000Z' }));
    const notice = (await screen.findByText(MSG.subscriptionExpired, {}, navigation)).closest<HTMLElement>('.MuiAlert-root')!;
    expect(within(notice).getByRole('link', { name: 'See packages' })).toHaveAttribute('href', '/pricing/normal');
    expect(within(notice).getByText(/package ended on/)).toBeInTheDocument();
    expect(screen.queryByText(MSG.limitReached)).toBeNull();
  });

  it('never shows a figure below zero: over capacity reads 0 available and by how much', async () => {
    const over = customer();
    over.stats.normal = { ...over.stats.normal, totalHits: 1000, usedHits: 2200, availableHits: -1200 };
    showApp('/websites/normal', over);
    expect(
      await screen.findByText('Your websites, paused ones included, use 1,200 hits per day more than your package allows.', {}, navigation),
    ).toBeInTheDocument();
    expect(screen.queryByText(/-1,200|−1,200/)).toBeNull();
  });

  it('shows an expired end date as expired too, and the empty list', async () => {
    showApp('/websites/normal', customer({ subscription_expiry_date: '2020-01-01T00:00:00.000Z' }));
    expect(await screen.findByText(MSG.subscriptionExpired, {}, navigation)).toBeInTheDocument();
    expect(screen.getByText('No websites yet')).toBeInTheDocument();
  });

  it("pauses and activates with the server's message, refreshing the user", async () => {
    const { api } = showApp('/websites', customer({ websites: [site] }));
    const paused = customer({ websites: [{ ...site, status: 'PAUSED' }] });
    api.reply(`POST /website/${site.id}/pause`, () => {
      api.reply(`POST /users/load/${paused.email}`, ok(paused));
      return ok({ status: 'PAUSED', message: MSG.websitePaused });
    });
    const article = await card(site.url);
    await typist().click(within(article).getByRole('button', { name: 'Pause' }));
    await findToast(MSG.websitePaused);
    expect(await within(article).findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(article).getByText('Paused')).toBeInTheDocument();
  });

  it('says so when pausing fails', async () => {
    const { api } = showApp('/websites', customer({ websites: [site] }));
    api.reply(`POST /website/${site.id}/pause`, fail(500, 'INTERNAL', 'boom'));
    await typist().click(within(await card(site.url)).getByRole('button', { name: 'Pause' }));
    await findToast(MSG.websitePauseFailed);
  });

  it('removes a website only after Yes, with the toast', async () => {
    const { api } = showApp('/websites', customer({ websites: [site] }));
    api.reply(`DELETE /website/${site.id}`, () => {
      api.reply(`POST /users/load/${site.email}`, ok(customer()));
      return ok();
    });
    const user = typist();
    await user.click(within(await card(site.url)).getByRole('button', { name: 'Remove' }));
    let dialog = await screen.findByRole('dialog', { name: MSG.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /website/${site.id}`)).toHaveLength(0);

    await user.click(within(await card(site.url)).getByRole('button', { name: 'Remove' }));
    dialog = await screen.findByRole('dialog', { name: MSG.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await findToast(MSG.websiteDeleted);
    expect(await screen.findByText('No websites yet')).toBeInTheDocument();
  });

  it('says so when removing fails', async () => {
    const { api } = showApp('/websites', customer({ websites: [site] }));
    api.reply(`DELETE /website/${site.id}`, fail(500, 'INTERNAL', 'boom'));
    const user = typist();
    await user.click(within(await card(site.url)).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await findToast(MSG.websiteDeleteFailed);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: site.url })).toBeInTheDocument();
  });

  it('shows the confirmed hits on Check hits, asking again on each click, and a clear error when the service is down', async () => {
    const { api } = showApp('/websites', customer({ websites: [site] }));
    let hits = 40;
    api.reply(`GET /website/${site.id}/hits`, () => ok({ confirmedHits: (hits += 10), ninehits_state: 'approved' }));
    const article = await card(site.url);
    const user = typist();
    await user.click(within(article).getByRole('button', { name: 'Check hits' }));
    expect(await within(article).findByText(/Confirmed hits/)).toHaveTextContent('Confirmed hits: 50');
    await user.click(within(article).getByRole('button', { name: 'Check hits' }));
    await waitFor(() => expect(within(article).getByText(/Confirmed hits/)).toHaveTextContent('Confirmed hits: 60'));

    const down = 'The traffic service is not answering. Please try again shortly.';
    api.reply(`GET /website/${site.id}/hits`, fail(502, 'UPSTREAM', down));
    await user.click(within(article).getByRole('button', { name: 'Check hits' }));
    await findToast(down);
  });

  it('opens the delivery chart from Check hits: today so far against the limit, the days as a table, a CSV of the same rows', async () => {
    const { api } = showApp('/websites', customer({ websites: [site] }));
    api.reply(`GET /website/${site.id}/hits`, ok({ confirmedHits: 75, ninehits_state: 'approved' }));
    const days = Array.from({ length: 30 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10),
      hits: i === 29 ? 25 : i === 28 ? 50 : 0,
    }));
    api.reply(
      `GET /website/${site.id}/history`,
      ok({ websiteId: site.id, url: site.url, dailyHitLimit: 500, days, updatedAt: '2026-11-25T10:00:00.000Z' }),
    );
    const article = await card(site.url);
    const user = typist();
    await user.click(within(article).getByRole('button', { name: 'Check hits' }));
    await user.click(await within(article).findByRole('button', { name: 'Confirmed hits: 75, show hits per day' }));
    const dialog = await screen.findByRole('dialog', { name: `Hits delivered to ${site.url}` });
    expect(await within(dialog).findByText(/Today so far/)).toHaveTextContent('Today so far: 25 of 500 hits a day');
    await user.click(within(dialog).getByRole('button', { name: 'Show numbers' }));
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(31);
    // Newest first: the header, then today.
    expect(rows[1]).toHaveTextContent(`${days[29]!.day}25500`);

    let saved: Blob | undefined;
    const create = (URL.createObjectURL = vi.fn((blob: Blob) => ((saved = blob), 'blob:csv')));
    URL.revokeObjectURL = vi.fn();
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    expect(create).toHaveBeenCalledOnce();
    const csv = (await saved!.text()).trim().split('\r\n');
    expect(csv[0]).toBe('Date,Delivered hits,Daily limit');
    expect(csv.slice(1)).toEqual(days.map((d) => `${d.day},${d.hits},500`));

    await user.click(within(dialog).getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.callsTo(`GET /website/${site.id}/history`).map((c) => c.query.days)).toContain('7'));
  });

  it('shows the long range per month, from the monthly totals, with its numbers as a CSV', async () => {
    const { api } = showApp('/websites', customer({ websites: [site] }));
    api.reply(`GET /website/${site.id}/hits`, ok({ confirmedHits: 75, ninehits_state: 'approved' }));
    api.reply(`GET /website/${site.id}/history`, ok({ websiteId: site.id, url: site.url, dailyHitLimit: 500, days: [], updatedAt: null }));
    const months = Array.from({ length: 24 }, (_, i) => ({
      month: new Date(Date.UTC(2024, 11 + i, 1)).toISOString().slice(0, 7),
      hits: i === 23 ? 75 : i * 1000,
    }));
    api.reply(
      `GET /website/${site.id}/history/months`,
      ok({ websiteId: site.id, url: site.url, dailyHitLimit: 500, months, updatedAt: '2026-11-25T10:00:00.000Z' }),
    );
    const article = await card(site.url);
    const user = typist();
    await user.click(within(article).getByRole('button', { name: 'Check hits' }));
    await user.click(await within(article).findByRole('button', { name: 'Confirmed hits: 75, show hits per day' }));
    const dialog = await screen.findByRole('dialog', { name: `Hits delivered to ${site.url}` });
    await user.click(await within(dialog).findByRole('button', { name: 'Last 24 months' }));
    expect(await within(dialog).findByText(/This month so far/)).toHaveTextContent('This month so far: 75 hits');
    expect(api.callsTo(`GET /website/${site.id}/history/months`)[0]?.query).toEqual({ months: '24' });
    expect(within(dialog).getByText(/Months are UTC calendar months\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Show numbers' }));
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => ((saved = blob), 'blob:csv'));
    URL.revokeObjectURL = vi.fn();
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    const monthly = (await saved!.text()).trim().split('\r\n');
    expect(monthly[0]).toBe('Month,Delivered hits');
    expect(monthly.slice(1)).toEqual(months.map((m) => `${m.month},${m.hits}`));
  });

  it('says when 9Hits has not approved a website, and shows the new state once Check hits reads it', async () => {
    const waiting = makeWebsite({ ninehits_state: 'pending' });
    const { api } = showApp('/websites', customer({ websites: [waiting] }));
    const article = await card(site.url);
    expect(within(article).getByRole('alert')).toHaveTextContent(
      'Waiting for 9Hits approval. 9Hits reviews every new campaign; this website receives traffic once 9Hits approves it.',
    );

    api.reply(`GET /website/${site.id}/hits`, ok({ confirmedHits: 0, ninehits_state: 'rejected' }));
    api.reply(`POST /users/load/${waiting.email}`, ok(customer({ websites: [makeWebsite({ ninehits_state: 'rejected' })] })));
    await typist().click(within(article).getByRole('button', { name: 'Check hits' }));
    expect(await within(await card(site.url)).findByText(/Rejected by 9Hits/)).toBeInTheDocument();
    expect(within(await card(site.url)).getByRole('alert')).toHaveTextContent(
      'Rejected by 9Hits. 9Hits has rejected this campaign, so this website receives no traffic.',
    );
    expect(within(await card(site.url)).queryByText(/Waiting for 9Hits approval/)).not.toBeInTheDocument();
  });

  it('says nothing about 9Hits for an approved website', async () => {
    showApp('/websites', customer({ websites: [site] }));
    const article = await card(site.url);
    expect(within(article).queryByText(/9Hits/)).not.toBeInTheDocument();
  });
});
