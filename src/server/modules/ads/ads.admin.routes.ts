import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AD_PLACEMENT_NAMES } from '../../../shared/ads-desk';
import { idParam } from '../../../shared/schemas/common';
import {
  adCampaign,
  adCampaignInput,
  adCampaignsQuery,
  adPlacementAdmin,
  adPlacementInput,
  adPlacementParams,
  adReport,
  adReportQuery,
  ctrOf,
} from '../../../shared/schemas/ads';
import { CSV_BOM, csvRow } from '../../lib/csv';
import { actorOf } from '../../plugins/admin-api';
import { presentCampaign, presentPlacementAdmin } from './ads.presenter';
import type { AdsService } from './ads.service';

const ADS = { permission: 'ads.manage' } as const;
const DEVICE_WORDS = { phone: 'هاتف', desktop: 'حاسوب' } as const;

export function adsAdminRoutes(service: AdsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/ads/placements', { config: ADS, schema: { response: { 200: z.array(adPlacementAdmin) } } }, async () =>
      (await service.placements()).map(presentPlacementAdmin),
    );
    app.put(
      '/ads/placements/:key',
      {
        config: ADS,
        schema: { params: adPlacementParams, body: adPlacementInput, response: { 200: adPlacementAdmin } },
      },
      async (req) => presentPlacementAdmin(await service.updatePlacement(actorOf(req), req.params.key, req.body)),
    );

    app.get(
      '/ads/campaigns',
      { config: ADS, schema: { querystring: adCampaignsQuery, response: { 200: z.array(adCampaign) } } },
      async (req) => (await service.campaigns(req.query.state)).map(presentCampaign),
    );
    app.post(
      '/ads/campaigns',
      { config: ADS, schema: { body: adCampaignInput, response: { 201: adCampaign } } },
      async (req, reply) => {
        const id = await service.create(actorOf(req), req.body);
        return reply.status(201).send(presentCampaign(await service.campaign(id)));
      },
    );
    app.get(
      '/ads/campaigns/:id',
      { config: ADS, schema: { params: idParam, response: { 200: adCampaign } } },
      async (req) => presentCampaign(await service.campaign(req.params.id)),
    );
    app.put(
      '/ads/campaigns/:id',
      { config: ADS, schema: { params: idParam, body: adCampaignInput, response: { 200: adCampaign } } },
      async (req) => {
        await service.update(actorOf(req), req.params.id, req.body);
        return presentCampaign(await service.campaign(req.params.id));
      },
    );
    app.delete('/ads/campaigns/:id', { config: ADS, schema: { params: idParam } }, async (req, reply) => {
      await service.remove(actorOf(req), req.params.id);
      return reply.status(204).send();
    });

    app.get(
      '/ads/campaigns/:id/report',
      { config: ADS, schema: { params: idParam, querystring: adReportQuery, response: { 200: adReport } } },
      async (req) => {
        const r = await service.report(req.params.id, req.query.from, req.query.to);
        return { ...r, campaign: presentCampaign(r.campaign) };
      },
    );
    /** The same figures for a spreadsheet: UTF-8 with BOM, Arabic headings, formula-safe cells. */
    app.get(
      '/ads/campaigns/:id/report.csv',
      { config: ADS, schema: { params: idParam, querystring: adReportQuery } },
      async (req, reply) => {
        const r = await service.report(req.params.id, req.query.from, req.query.to);
        let out =
          CSV_BOM +
          csvRow(['المعلن', r.campaign.advertiser]) +
          csvRow(['الحملة', r.campaign.name]) +
          csvRow(['من', r.from, 'إلى', r.to]) +
          csvRow(['اليوم', 'المكان', 'الجهاز', 'مرات الظهور', 'النقرات', 'نسبة النقر %']);
        for (const row of r.rows)
          out += csvRow([
            row.day,
            AD_PLACEMENT_NAMES[row.placement].label,
            DEVICE_WORDS[row.device],
            row.impressions,
            row.clicks,
            ctrOf(row.impressions, row.clicks),
          ]);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="ad-campaign-${r.campaign.id}-${r.from}-${r.to}.csv"`)
          .send(out);
      },
    );
  };
}
