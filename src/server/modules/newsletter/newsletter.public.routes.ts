/**
 * The reader's side of the newsletter: signing up (the same answer for every address), the confirmation link, the
 * preferences page, unsubscribing (from the page, and one click from the mail program: RFC 8058's POST to the
 * List-Unsubscribe URL), and the logo the e-mails show. Nothing here is cached: each answer is one reader's.
 */
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import {
  confirmResponse,
  NEWSLETTER_SIGNUP_MESSAGE,
  newsletterRequest,
  newsletterResponse,
  newsletterToken,
  preferencesUpdate,
  preferencesView,
} from '../../../shared/schemas/newsletter';
import { BRAND_MARK_SVG } from '../../lib/brand';
import type { NewsletterService } from './newsletter.service';

const LINKS = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const UNSUBSCRIBED = 'تم إلغاء اشتراكك، ولن تصلك منا رسائل أخرى';

export function newsletterPublicRoutes(service: NewsletterService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (req, reply) => {
      if (req.url.startsWith('/api/newsletter')) void reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/newsletter',
      {
        schema: { body: newsletterRequest, response: { 202: newsletterResponse } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (req, reply) => {
        await service.signUp(req.body.fullName, req.body.email);
        return reply.status(202).send({ message: NEWSLETTER_SIGNUP_MESSAGE });
      },
    );
    app.post(
      '/api/newsletter/confirm',
      { schema: { body: newsletterToken, response: { 200: confirmResponse } }, config: LINKS },
      async (req) => service.confirm(req.body.token),
    );
    app.get(
      '/api/newsletter/preferences',
      { schema: { querystring: newsletterToken, response: { 200: preferencesView } }, config: LINKS },
      async (req) => service.preferences(req.query.token),
    );
    app.put(
      '/api/newsletter/preferences',
      { schema: { body: preferencesUpdate, response: { 200: preferencesView } }, config: LINKS },
      async (req) => {
        const { token, ...choice } = req.body;
        return service.setPreferences(token, choice);
      },
    );
    app.post(
      '/api/newsletter/unsubscribe',
      { schema: { body: newsletterToken, response: { 200: z.object({ message: z.string() }) } }, config: LINKS },
      async (req) => {
        await service.unsubscribe(req.body.token);
        return { message: UNSUBSCRIBED };
      },
    );
    app.post(
      '/api/newsletter/resubscribe',
      { schema: { body: newsletterToken, response: { 200: preferencesView } }, config: LINKS },
      async (req) => service.resubscribe(req.body.token),
    );

    // RFC 8058: the mail program POSTs "List-Unsubscribe=One-Click" (form-encoded or multipart) to the URL of the
    // List-Unsubscribe header; the token in the URL is what counts, so any body is read as text and set aside.
    await app.register(async (scope) => {
      const oneClick = scope.withTypeProvider<ZodTypeProvider>();
      oneClick.removeAllContentTypeParsers();
      oneClick.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
        done(null, body),
      );
      const params = z.object({ token: newsletterToken.shape.token });
      oneClick.post('/api/newsletter/one-click/:token', { schema: { params }, config: LINKS }, async (req, reply) => {
        await service.unsubscribe(req.params.token);
        return reply.type('text/plain; charset=utf-8').send(UNSUBSCRIBED);
      });
      // A mail program that opens the link instead (RFC 2369): the page, which unsubscribes with one press.
      oneClick.get('/api/newsletter/one-click/:token', { schema: { params } }, async (req, reply) =>
        reply.redirect(`/newsletter/unsubscribe?t=${encodeURIComponent(req.params.token)}`, 303),
      );
    });

    let logo: Promise<Buffer> | undefined;
    /** The e-mails' logo: the site's mark as a PNG (mail programs do not show SVG). */
    app.get(
      '/newsletter/logo.png',
      { config: { cache: { tags: ['settings'], ttl: 86_400, browserTtl: 86_400 } } },
      async (_req, reply) => {
        logo ??= sharp(Buffer.from(BRAND_MARK_SVG)).resize(96, 96).png().toBuffer();
        // Shown by mail programs and webmail on other sites, like the stories' pictures (/media).
        return reply
          .type('image/png')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(await logo);
      },
    );
  };
}
