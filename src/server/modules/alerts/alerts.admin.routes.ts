import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertChannel,
  alertPreview,
  alertPreviewRequest,
  alertSendRequest,
  alertSendResponse,
} from '../../../shared/schemas/alerts';
import { RECIPIENTS } from '../../../shared/nouns';
import { formatCount } from '../../../shared/plural';
import { actorOf } from '../../plugins/admin-api';
import type { AlertsService } from './alerts.service';

const ALERTS = { permission: 'alerts.send' } as const;

export function alertsAdminRoutes(service: AlertsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/alerts/channels', { config: ALERTS, schema: { response: { 200: z.array(alertChannel) } } }, async () =>
      service.channels(),
    );
    /** Who each ticked channel would reach, whether it may go now, and the confirmation the send needs. */
    app.post(
      '/alerts/preview',
      { config: ALERTS, schema: { body: alertPreviewRequest, response: { 200: alertPreview } } },
      async (req) => service.preview(actorOf(req), req.body.source, req.body.channels),
    );
    app.post(
      '/alerts',
      { config: ALERTS, schema: { body: alertSendRequest, response: { 201: alertSendResponse } } },
      async (req, reply) => {
        const sends = await service.send(actorOf(req), req.body.source, req.body.channels, req.body.confirmation);
        const queued = sends.reduce((n, s) => n + s.queued, 0);
        return reply.status(201).send({ message: `بدأ الإرسال إلى ${formatCount(queued, RECIPIENTS)}`, sends });
      },
    );
  };
}
