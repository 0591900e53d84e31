/** The newsroom's view of push alerts: each send's figures, beside the history of sends (modules/fanout). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/schemas/common';
import { pushSendFigures } from '../../../shared/schemas/push';
import { fanoutErrors } from '../fanout/fanout.errors';
import type { PushService } from './push.service';

export function pushAdminRoutes(service: PushService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/push/sends/:id',
      {
        config: { permission: 'sends.manage' },
        schema: { params: idParam, response: { 200: pushSendFigures } },
      },
      async (req) => {
        const figures = await service.figures(req.params.id);
        if (!figures) throw fanoutErrors.notFound();
        return figures;
      },
    );
  };
}
