/**
 * Security headers for every response (helmet): a CSP that allows nothing by default, then only this site's
 * scripts and stylesheets (and the inline ones by hash), no framing by others, nosniff, a strict referrer policy;
 * HSTS when the public address is https (the TLS side is the proxy's: see README, "Production").
 * Cached responses keep the headers they were made with, so a hit does not build them again.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { APP_LOADER_HASH, THEME_SCRIPT_HASH } from '../ssr/document';

export async function registerSecurity(
  app: FastifyInstance,
  publicUrl: string | undefined,
  /** The inline <style> elements pages may hold, by hash (ssr/style-hashes.ts). */
  styleHashes: readonly string[],
  /** MEDIA_PUBLIC_URL: an http:// one (a bucket in development) must be named; https: is allowed anyway. */
  mediaPublicUrl?: string,
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // Nothing unless named below.
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'", THEME_SCRIPT_HASH, APP_LOADER_HASH],
        // Stylesheets from this site and the inline ones by hash: injected <style> is refused. Style attributes stay
        // allowed (the server's HTML sets a few; they cannot load anything or select other elements).
        styleSrc: ["'self'", ...styleHashes],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'https:',
          ...(mediaPublicUrl?.startsWith('http:') ? [new URL(mediaPublicUrl).origin] : []),
        ],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'"],
        // 'self': the newsroom's view of an e-mail as sent (a sandboxed frame of its own, fanout.admin.routes.ts).
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
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
