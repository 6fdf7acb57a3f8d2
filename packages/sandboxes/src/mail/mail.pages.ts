import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { PUBLIC_ROUTE, type SandboxOptions } from '../options.ts';
import { escapeHtml as escape } from '../page.ts';

/**
 * GET /sandbox/mail (sandbox mode only): the mail outbox, newest first, so a fresh install without
 * SMTP can still finish a password reset, and every billing e-mail can be previewed (its HTML part
 * at /sandbox/mail/:id/html). It holds everyone's reset
 * codes, so it answers only the machine the server runs on or a signed-in admin (decision 0015).
 */
export async function mailSandboxPages(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const { db, thisMachineOrAdmin } = options;
  app.get('/mail', PUBLIC_ROUTE, async (request, reply) => {
    await thisMachineOrAdmin(request, 'The mail outbox');
    const mails = await db.select().from(schema.emails).orderBy(desc(schema.emails.id)).limit(100);
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escape(m.subject)}</h2><p class="meta">To ${escape(m.to)} · ${m.createdAt.toISOString()} · ${escape(m.status)}${m.html ? ` · <a href="/sandbox/mail/${m.id}/html">HTML part</a>` : ''}</p><pre>${escape(m.text)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail outbox (sandbox)</title><style>body{font-family:system-ui,sans-serif;background:#121212;color:#eee;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #333;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#aaa;font-size:.9rem}pre{white-space:pre-wrap;font-size:1rem}</style></head><body><h1>Mail outbox (sandbox)</h1>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });

  // One message's HTML part, as a mail client would show it (the billing e-mails' preview).
  app.get('/mail/:id/html', PUBLIC_ROUTE, async (request, reply) => {
    await thisMachineOrAdmin(request, 'The mail outbox');
    const id = Number((request.params as { id: string }).id);
    const [mail] = Number.isSafeInteger(id) ? await db.select().from(schema.emails).where(eq(schema.emails.id, id)) : [];
    if (!mail?.html) return reply.code(404).type('text/plain').send('No such message, or it has no HTML part.');
    return reply.type('text/html; charset=utf-8').send(mail.html);
  });
}
