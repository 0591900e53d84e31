import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterRequest, newsletterResponse } from '../../../shared/schemas/newsletter';
import type { NewsletterService } from './newsletter.service';

export function newsletterPublicRoutes(service: NewsletterService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/newsletter',
      {
        schema: { body: newsletterRequest, response: { 200: newsletterResponse, 201: newsletterResponse } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (req, reply) => {
        if (!(await service.subscribe(req.body.fullName, req.body.email)))
          return reply.status(200).send({ message: 'أنت مشترك بالفعل في النشرة البريدية', alreadySubscribed: true });
        return reply.status(201).send({ message: 'تم الاشتراك بنجاح', alreadySubscribed: false });
      },
    );
  };
}
