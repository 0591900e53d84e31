import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NewsletterService } from './newsletter.service';

const SETTINGS = { permission: 'settings.manage' } as const;

export function newsletterAdminRoutes(service: NewsletterService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/newsletter',
      { config: SETTINGS, schema: { response: { 200: z.object({ subscribers: z.number().int() }) } } },
      async () => ({ subscribers: await service.count() }),
    );
    app.get('/newsletter/export.csv', { config: SETTINGS }, async (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(service.csv())),
    );
  };
}
