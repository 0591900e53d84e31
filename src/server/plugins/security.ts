/**
 * Security headers for every response (helmet): a CSP that allows only this site's scripts (and the theme boot
 * script by hash), no framing by others, nosniff, a strict referrer policy; HSTS when the public address is https.
 * Cached responses keep the headers they were made with, so a hit does not build them again.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { APP_LOADER_HASH, THEME_SCRIPT_HASH } from '../ssr/document';

export async function registerSecurity(app: FastifyInstance, publicUrl: string | undefined): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_SCRIPT_HASH, APP_LOADER_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: publicUrl?.startsWith('https://') ? { maxAge: 31_536_000 } : false,
  });
}
