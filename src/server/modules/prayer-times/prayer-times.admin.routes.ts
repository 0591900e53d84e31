import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okMessage, prayerTimeInput, prayerTimeRecord } from '../../../shared/schemas/admin';
import { idParam, pageQuery } from '../../../shared/schemas/common';
import { sendPage } from '../../lib/paging';
import { actorOf } from '../../plugins/admin-api';
import type { PrayerTimesService } from './prayer-times.service';

const PRAYER = { permission: 'prayer.manage' } as const;
/** A calendar year (the screen's unit), or pages of 50 days when no year is named. */
const listQuery = pageQuery.extend({ year: z.coerce.number().int().min(1900).max(2200).optional() });

export function prayerTimesAdminRoutes(service: PrayerTimesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/prayer-times',
      { config: PRAYER, schema: { querystring: listQuery, response: { 200: z.array(prayerTimeRecord) } } },
      async (req, reply) => {
        const { year, ...paging } = req.query;
        if (year !== undefined) return service.listYear(year);
        return sendPage(reply, await service.page(paging));
      },
    );
    app.post(
      '/prayer-times/import',
      { config: PRAYER, schema: { body: z.object({}).passthrough().optional(), response: { 200: okMessage } } },
      async (req) => ({ message: `تم استيراد مواقيت ${await service.importFile(actorOf(req))} يوماً بنجاح` }),
    );
    app.put(
      '/prayer-times/:id',
      { config: PRAYER, schema: { params: idParam, body: prayerTimeInput, response: { 200: prayerTimeRecord } } },
      async (req) => service.update(actorOf(req), req.params.id, req.body),
    );
  };
}
