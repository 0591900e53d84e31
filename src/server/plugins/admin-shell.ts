/**
 * /admin and everything under it: the admin panel is a client-rendered app, so the server sends one small HTML
 * shell that loads its bundle (none of which is on reader pages). Never cached; never indexed.
 */
import type { FastifyInstance } from 'fastify';
import { THEME_BOOT_SCRIPT } from '../../client/lib/theme';
import { ADMIN_ENTRY, readClientAssets } from '../ssr/assets';
import { FAVICON_LINK } from '../ssr/document';

export async function registerAdminShell(app: FastifyInstance): Promise<void> {
  const assets = readClientAssets(ADMIN_ENTRY);
  const html = `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>لوحة التحكم</title>
${FAVICON_LINK}
<script>${THEME_BOOT_SCRIPT}</script>
${(assets?.styles ?? []).map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
${(assets?.preloadScripts ?? []).map((href) => `<link rel="modulepreload" href="${href}">`).join('\n')}
${assets ? `<script type="module" src="${assets.script}"></script>` : ''}
</head>
<body>
<div id="root"><p style="padding:2rem;text-align:center;font-family:sans-serif">جاري تجهيز لوحة التحكم...</p></div>
</body>
</html>`;
  const send = (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  app.get('/admin', send);
  app.get('/admin/*', send);
}
