import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import {
  newsletterSettingsInput,
  newsletterSettingsView,
  newsletterSubscriber,
  subscriberCounts,
  subscriberQuery,
  type MailStatus,
} from '../../../shared/schemas/newsletter';
import { RECIPIENTS } from '../../../shared/nouns';
import { formatCount } from '../../../shared/plural';
import { okMessage } from '../../../shared/schemas/admin';
import { sendPage } from '../../lib/paging';
import { actorOf } from '../../plugins/admin-api';
import type { NewsletterDigest } from './newsletter.digest';
import { presentSubscriber } from './newsletter.presenter';
import type { NewsletterService } from './newsletter.service';

/** Subscribers are personal data: admins only. */
const SUBSCRIBERS = { permission: 'newsletter.subscribers' } as const;
const SENDS = { permission: 'sends.manage' } as const;

export function newsletterAdminRoutes(deps: {
  service: NewsletterService;
  digest: NewsletterDigest;
  mailStatus: () => Promise<MailStatus>;
}): FastifyPluginAsyncZod {
  const { service, digest } = deps;
  const settingsView = async () => ({
    ...(await digest.settings()),
    mail: await deps.mailStatus(),
    nextDigestAt: (await digest.nextAt())?.toISOString() ?? null,
  });
  return async (app) => {
    app.get('/newsletter', { config: SUBSCRIBERS, schema: { response: { 200: subscriberCounts } } }, async () =>
      service.counts(),
    );
    /** The subscribers a page at a time, newest first, by state and by a part of the address or name. */
    app.get(
      '/newsletter/subscribers',
      {
        config: SUBSCRIBERS,
        schema: { querystring: subscriberQuery, response: { 200: z.array(newsletterSubscriber) } },
      },
      async (req, reply) => {
        const page = await service.page(req.query);
        return sendPage(reply, { ...page, items: page.items.map(presentSubscriber) });
      },
    );
    app.delete(
      '/newsletter/subscribers/:id',
      { config: SUBSCRIBERS, schema: { params: idParam, response: { 200: okMessage } } },
      async (req) => {
        await service.remove(actorOf(req), req.params.id);
        return { message: 'حُذف المشترك وكل ما يخصه' };
      },
    );
    app.get('/newsletter/export.csv', { config: { ...SUBSCRIBERS, reauth: true } }, async (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(service.csv())),
    );
    /** The one confirmation campaign: a mass e-mail, so it asks for the password again if need be. */
    app.post(
      '/newsletter/campaign',
      {
        config: { ...SUBSCRIBERS, reauth: true },
        schema: { response: { 201: z.object({ message: z.string(), sendId: z.number().int() }) } },
      },
      async (req, reply) => {
        const created = await service.campaign(actorOf(req));
        return reply.status(201).send({
          message: `بدأ إرسال حملة التأكيد إلى ${formatCount(created.queued, RECIPIENTS)}`,
          sendId: created.id,
        });
      },
    );
    app.get(
      '/newsletter/settings',
      { config: SENDS, schema: { response: { 200: newsletterSettingsView } } },
      settingsView,
    );
    app.put(
      '/newsletter/settings',
      { config: SENDS, schema: { body: newsletterSettingsInput, response: { 200: newsletterSettingsView } } },
      async (req) => {
        await digest.updateSettings(actorOf(req), req.body);
        return settingsView();
      },
    );
  };
}
