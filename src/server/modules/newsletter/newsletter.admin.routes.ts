import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery } from '../../../shared/schemas/common';
import { newsletterSubscriber } from '../../../shared/schemas/newsletter';
import { sendPage } from '../../lib/paging';
import type { NewsletterService } from './newsletter.service';

const SETTINGS = { permission: 'settings.manage' } as const;

export function newsletterAdminRoutes(service: NewsletterService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/newsletter',
      { config: SETTINGS, schema: { response: { 200: z.object({ subscribers: z.number().int() }) } } },
      async () => ({ subscribers: await service.count() }),
    );
    /** The subscribers a page at a time, newest first (the whole list is the CSV export). */
    app.get(
      '/newsletter/subscribers',
      { config: SETTINGS, schema: { querystring: pageQuery, response: { 200: z.array(newsletterSubscriber) } } },
      async (req, reply) => {
        const page = await service.page(req.query);
        return sendPage(reply, {
          ...page,
          items: page.items.map((s) => ({
            id: s.id,
            fullName: s.fullName,
            email: s.email,
            createdAt: s.createdAt.toISOString(),
          })),
        });
      },
    );
    app.get('/newsletter/export.csv', { config: { ...SETTINGS, reauth: true } }, async (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(service.csv())),
    );
  };
}
