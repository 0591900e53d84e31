/**
 * The reader's side of alerts: the public key and topics (cached like the sections), and a subscription's own
 * management by its endpoint (never cached, rate-limited per address). POST everywhere, so an endpoint never appears
 * in an address or a log line.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pushConfig,
  pushEndpointInput,
  pushMessage,
  pushSubscriptionInput,
  pushSubscriptionState,
  pushTopicsInput,
} from '../../../shared/schemas/push';
import type { RouteCache } from '../../plugins/cache/route-cache';
import type { PushService } from './push.service';

const CONFIG: RouteCache = { tags: ['sections', 'settings'], ttl: 300, browserTtl: 300 };
const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function pushPublicRoutes(service: PushService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/push/config', { schema: { response: { 200: pushConfig } }, config: { cache: CONFIG } }, async () =>
      service.config(),
    );

    app.post(
      '/api/push/subscriptions',
      {
        schema: { body: pushSubscriptionInput, response: { 200: pushSubscriptionState, 201: pushSubscriptionState } },
        config: limit,
      },
      async (req, reply) => {
        const { created } = await service.subscribe(req.body);
        return reply
          .header('cache-control', 'no-store')
          .code(created ? 201 : 200)
          .send({ topics: await service.topics(req.body.endpoint) });
      },
    );

    app.post(
      '/api/push/subscriptions/topics',
      { schema: { body: pushEndpointInput, response: { 200: pushSubscriptionState } }, config: limit },
      async (req, reply) =>
        reply.header('cache-control', 'no-store').send({ topics: await service.topics(req.body.endpoint) }),
    );

    app.put(
      '/api/push/subscriptions/topics',
      { schema: { body: pushTopicsInput, response: { 200: pushSubscriptionState } }, config: limit },
      async (req, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send({ topics: await service.setTopics(req.body.endpoint, req.body.topics) }),
    );

    app.post(
      '/api/push/unsubscribe',
      { schema: { body: pushEndpointInput, response: { 200: pushMessage } }, config: limit },
      async (req, reply) => {
        await service.unsubscribe(req.body.endpoint);
        return reply.header('cache-control', 'no-store').send({ message: 'تم إيقاف التنبيهات على هذا المتصفح' });
      },
    );
  };
}
