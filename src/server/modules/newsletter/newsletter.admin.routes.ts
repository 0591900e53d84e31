/** The newsletter's subscribers for admins: a count, and a CSV export (UTF-8 with BOM, so spreadsheets read Arabic). */
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/site';

const csvField = (v: string) =>
  /[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : v;

export function newsletterAdminRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.get('/api/admin/newsletter', { config: { role: 'admin' } }, async () => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers);
      return { subscribers: row?.n ?? 0 };
    });
    app.get('/api/admin/newsletter/export.csv', { config: { role: 'admin' } }, async (_req, reply) => {
      const rows = await db.select().from(newsletterSubscribers).orderBy(desc(newsletterSubscribers.createdAt));
      const lines = [
        'full_name,email,subscribed_at',
        ...rows.map((r) => [csvField(r.fullName), csvField(r.email), r.createdAt.toISOString()].join(',')),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .header('cache-control', 'no-store')
        .send(`\uFEFF${lines.join('\r\n')}\r\n`);
    });
  };
}
