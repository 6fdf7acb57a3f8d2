import type { BillingGateway, BillingHistory } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { findReceipt, historyPage } from './billing.repository.ts';
import { renderReceipt } from './receipt-pdf.ts';

const GATEWAYS: Record<string, BillingGateway> = { payhere: 'card', paypal: 'paypal', grant: 'grant' };

/** GET /api/billing/history: the customer's payments, renewals, grants, refunds and charge-backs, newest first. */
export async function billingHistory(ctx: AppContext, actor: AuthUser, page: number, size: number): Promise<BillingHistory> {
  const { total, rows } = await historyPage(ctx.db, actor.id, page * size, size);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind as BillingHistory['rows'][number]['kind'],
      date: new Date(r.date).toISOString(),
      item: r.item,
      amount: Number(r.amount).toFixed(2),
      currency: r.currency,
      gateway: GATEWAYS[r.provider] ?? 'grant',
      status: r.status as BillingHistory['rows'][number]['status'],
      hasReceipt: r.kind === 'payment' || r.kind === 'renewal',
    })),
  };
}

/** GET /api/billing/receipts/:id: the PDF of one of the customer's own payments (404 for anyone else's). */
export async function receiptPdf(ctx: AppContext, actor: AuthUser, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const receipt = await findReceipt(ctx.db, actor.id, id.toLowerCase());
  if (!receipt) throw new AppError('NOT_FOUND', 'Receipt not found.');
  return {
    fileName: `receipt-${receipt.number}.pdf`,
    pdf: await renderReceipt(ctx.config.business, {
      ...receipt,
      paid_at: new Date(receipt.paid_at),
      revoked_at: receipt.revoked_at && new Date(receipt.revoked_at),
    }),
  };
}
