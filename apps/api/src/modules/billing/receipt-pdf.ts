import PDFDocument from 'pdfkit';
import type { Config } from '../../config.ts';
import type { ReceiptRow } from './billing.repository.ts';

const GATEWAY_NAMES: Record<string, string> = { payhere: 'Card (PayHere)', paypal: 'PayPal' };

const day = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const money = (amount: string, currency: string) => `${Number(amount).toFixed(2)} ${currency}`;

/** What was bought, in words: "Basic (normal package, one month)". */
function itemLine(r: ReceiptRow): string {
  if (r.kind === 'package') return `${r.item} (${r.package_type} package, one month${r.number.startsWith('r-') ? ', renewal' : ''})`;
  return `${r.item} (${r.package_type} add-on, one month)`;
}

/**
 * A one-page receipt for one payment, as a PDF: the business (name and address are settings),
 * the customer, the date, what was bought, the amount, the gateway and its reference, and a
 * refund or charge-back noted when the money went back.
 */
export function renderReceipt(business: Config['business'], r: ReceiptRow): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Receipt ${r.number}`, Author: business.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text(business.name);
  doc.font('Helvetica').fontSize(10);
  for (const line of business.address) doc.text(line);
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(16).text('Receipt');
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Receipt number: ${r.number}`)
    .text(`Date paid: ${day(r.paid_at)}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Billed to');
  const name = `${r.first_name} ${r.last_name}`.trim();
  doc.font('Helvetica');
  if (name) doc.text(name);
  doc.text(r.email);
  doc.moveDown();

  const rows: [string, string][] = [
    ['Item', itemLine(r)],
    ['Amount paid', money(r.amount, r.currency)],
    ['Paid with', GATEWAY_NAMES[r.provider] ?? r.provider],
    ['Payment reference', r.reference],
  ];
  if (r.revoked_at) {
    rows.push([r.revoked_reason === 'refund' ? 'Refunded' : 'Charged back', `${day(r.revoked_at)} (${money(r.amount, r.currency)})`]);
  }
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 56, y, { width: 140 });
    doc.font('Helvetica').text(value, 200, y, { width: 340 });
    doc.moveDown(0.5);
  }
  doc.moveDown(2);
  doc.fontSize(9).fillColor('#555555').text('Thank you for your purchase. Keep this receipt for your records.', 56);
  doc.end();
  return done;
}
