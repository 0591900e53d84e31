import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import { sendDetail, sendQuery, sendSummary } from '../../../shared/schemas/fanout';
import { sendPage } from '../../lib/paging';
import { actorOf } from '../../plugins/admin-api';
import { fanoutErrors } from './fanout.errors';
import { presentSend, presentSendDetail } from './fanout.presenter';
import type { FanoutService } from './fanout.service';

const SENDS = { permission: 'sends.manage' } as const;

/**
 * The message as sent, shown in the panel in a frame of its own: nothing in it runs or loads but its pictures
 * (a sandbox without scripts, no forms, no plugins), and only the panel may frame it.
 */
const PREVIEW_CSP =
  "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

export function fanoutAdminRoutes(service: FanoutService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sends',
      { config: SENDS, schema: { querystring: sendQuery, response: { 200: z.array(sendSummary) } } },
      async (req, reply) => {
        const page = await service.page(req.query);
        return sendPage(reply, { ...page, items: page.items.map(presentSend) });
      },
    );
    app.get('/sends/:id', { config: SENDS, schema: { params: idParam, response: { 200: sendDetail } } }, async (req) =>
      presentSendDetail(await service.get(req.params.id)),
    );
    app.get('/sends/:id/preview.html', { config: SENDS, schema: { params: idParam } }, async (req, reply) => {
      const send = await service.get(req.params.id);
      if (send.previewHtml === null) throw fanoutErrors.noPreview();
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PREVIEW_CSP)
        .header('cache-control', 'private, no-store')
        .send(send.previewHtml);
    });
    app.post(
      '/sends/:id/cancel',
      { config: SENDS, schema: { params: idParam, response: { 200: sendSummary } } },
      async (req) => presentSend({ ...(await service.cancel(actorOf(req), req.params.id)), createdByName: null }),
    );
  };
}
