/**
 * The render thread itself (see render-thread.ts): the reader app's React tree and the document around it, rendered
 * from the data the main thread sends. No database, no configuration, no Fastify: only ssr/page.ts, as the main
 * thread would run it.
 */
import { hydrate } from '@tanstack/react-query';
import { parentPort, workerData } from 'node:worker_threads';
import { preloadAllPages } from '../../client/app/pages';
import { createQueryClient } from '../../client/lib/query-client';
import { setMediaBase } from '../../shared/media';
import { renderPage } from './page';
import type { RenderMessage, RenderRequest, RenderThreadWorkerData } from './render-thread';

export async function runRenderThread(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('the render thread runs on a worker thread');
  const send = (m: RenderMessage) => port.postMessage(m);
  const { assets } = workerData as RenderThreadWorkerData;
  await preloadAllPages();
  port.on('message', (msg: RenderRequest) => {
    const started = performance.now();
    try {
      // The main thread's media base (MEDIA_PUBLIC_URL or /media), as its own pages use.
      setMediaBase(msg.site.mediaBase);
      const queryClient = createQueryClient();
      hydrate(queryClient, msg.state);
      const page = renderPage(msg.path, queryClient, msg.site, assets);
      send({ type: 'rendered', id: msg.id, seconds: (performance.now() - started) / 1000, ...page });
    } catch (err) {
      send({ type: 'failed', id: msg.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  });
  send({ type: 'ready' });
}
