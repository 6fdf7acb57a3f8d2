/**
 * The billing e-mails, one template per message. Each gives a subject, paragraphs and at most one
 * link; `renderEmail` makes the text and HTML parts from it, with the footer its kind needs: none
 * on a receipt, the account notice on other transactional mail, and how to turn reminders off on a
 * reminder (the Billing reminders switch on /billing, also in Update details).
 */
export type BillingMessage =
  | { kind: 'receipt'; item: string; amount: string; gateway: string; renewal: boolean; paidUntil: string | null }
  | { kind: 'renewal-reminder'; item: string; amount: string; gateway: string; on: string }
  | { kind: 'renewal-failed'; item: string; gateway: string; graceUntil: string }
  | { kind: 'cancelled'; item: string; endsOn: string }
  | { kind: 'refund'; item: string; amount: string; reason: string }
  | { kind: 'expiring'; item: string; on: string };

export const REMINDER_KINDS: ReadonlySet<BillingMessage['kind']> = new Set(['renewal-reminder', 'expiring']);

interface Template {
  subject: string;
  paragraphs: string[];
  link: { label: string; path: string };
}

function template(m: BillingMessage): Template {
  const billing = { label: 'Open Billing', path: '/billing' };
  switch (m.kind) {
    case 'receipt':
      return {
        subject: `Receipt: ${m.item} (${m.amount})`,
        paragraphs: [
          `Thank you: we received ${m.amount} by ${m.gateway} for ${m.item}${m.renewal ? ' (monthly renewal)' : ''}.`,
          ...(m.paidUntil ? [`Your package is paid until ${m.paidUntil}.`] : []),
          'The PDF receipt is on your Billing page.',
        ],
        link: billing,
      };
    case 'renewal-reminder':
      return {
        subject: `Your ${m.item} package renews on ${m.on}`,
        paragraphs: [
          `${m.gateway} will charge ${m.amount} on ${m.on} to renew your ${m.item} package for another month.`,
          'Nothing to do if you want to keep it. To stop it, cancel the automatic renewal on your Billing page before then.',
        ],
        link: billing,
      };
    case 'renewal-failed':
      return {
        subject: `Payment failed: your ${m.item} renewal`,
        paragraphs: [
          `${m.gateway} could not charge the renewal of your ${m.item} package, and will try again.`,
          `Your websites keep running until ${m.graceUntil}. If no payment succeeds by then they are paused (not deleted) until you renew.`,
          `Please check the payment method you use with ${m.gateway}.`,
        ],
        link: billing,
      };
    case 'cancelled':
      return {
        subject: `Automatic renewal cancelled: ${m.item}`,
        paragraphs: [
          `The automatic renewal of your ${m.item} package is cancelled; you will not be charged again.`,
          `Your package stays until ${m.endsOn}. To continue after that, buy it again from Pricing.`,
        ],
        link: billing,
      };
    case 'refund':
      return {
        subject: `Refund issued: ${m.item} (${m.amount})`,
        paragraphs: [
          `We refunded ${m.amount} for ${m.item}. Reason: ${m.reason}`,
          'What the payment paid for has ended, and its automatic renewal is stopped. Websites above your remaining hits and slots are paused, not deleted.',
          'The money reaches your account in the time your bank or PayPal takes.',
        ],
        link: billing,
      };
    case 'expiring':
      return {
        subject: `Your ${m.item} package ends on ${m.on}`,
        paragraphs: [
          `Your ${m.item} package does not renew automatically and ends on ${m.on}. Its websites are paused then.`,
          'To keep them running, buy a package from Pricing before then.',
        ],
        link: { label: 'See the packages', path: '/pricing' },
      };
  }
}

function footer(kind: BillingMessage['kind'], appUrl: string): string | null {
  if (kind === 'receipt') return null;
  if (REMINDER_KINDS.has(kind)) {
    return `You receive this reminder because billing reminders are on. Turn them off under "Billing reminders" on your Billing page: ${appUrl}/billing`;
  }
  return 'This is a notice about your account and your payments; it is sent whatever your reminder settings.';
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderEmail(
  m: BillingMessage,
  to: { name: string },
  business: { name: string; appUrl: string },
): { subject: string; text: string; html: string } {
  const t = template(m);
  const url = `${business.appUrl}${t.link.path}`;
  const foot = footer(m.kind, business.appUrl);
  const greeting = `Hello ${to.name},`;
  const text = [greeting, '', ...t.paragraphs.flatMap((p) => [p, '']), `${t.link.label}: ${url}`, '', `— ${business.name}`]
    .concat(foot ? ['', foot] : [])
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2328">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${t.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#1565c0;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(t.link.label)}</a></p>
<p style="margin:0;color:#57606a">— ${escapeHtml(business.name)}</p>
${foot ? `<p style="margin:24px 0 0;font-size:12px;color:#57606a">${escapeHtml(foot)}</p>` : ''}
</td></tr></table></body></html>`;
  return { subject: t.subject, text, html };
}
