/** Newsletter sign-up: stored for real, one row per e-mail (case-insensitive); a repeat is a friendly success. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/site';
import { newsletterRequest, newsletterResponse } from '../../../shared/schemas/newsletter';

export function newsletterRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/newsletter',
      {
        schema: { body: newsletterRequest, response: { 200: newsletterResponse, 201: newsletterResponse } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (req, reply) => {
        const inserted = await db
          .insert(newsletterSubscribers)
          .values({ fullName: req.body.fullName, email: req.body.email.toLowerCase() })
          .onConflictDoNothing()
          .returning({ id: newsletterSubscribers.id });
        if (inserted.length === 0)
          return reply.status(200).send({ message: 'أنت مشترك بالفعل في النشرة البريدية', alreadySubscribed: true });
        return reply.status(201).send({ message: 'تم الاشتراك بنجاح', alreadySubscribed: false });
      },
    );
  };
}
