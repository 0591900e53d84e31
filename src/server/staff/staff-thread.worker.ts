/**
 * The staff thread itself (see staff-thread.ts): the app built again on this worker thread, over a database pool of
 * its own, answering the admin API requests its main thread hands it. It runs none of the background work (the main
 * thread's), and tells the main thread of every tag its writes drop, before the answer of the write.
 */
import { parentPort } from 'node:worker_threads';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connect } from '../db/client';
import { STAFF_POOL_SIZE } from '../db/database';
import { createLogger } from '../lib/logging';
import { createMediaStore } from '../modules/media/media.store';
import type { StaffMessage, StaffRequest, StaffThreadWorkerData } from './staff-thread';

export async function runStaffThread(data: StaffThreadWorkerData): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('the staff thread runs on a worker thread');
  const send = (m: StaffMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  const config = loadConfig();
  const logger = createLogger(config).child({ thread: 'staff' });
  const database = connect(data.databaseUrl, {
    max: STAFF_POOL_SIZE,
    onError: (err) => logger.warn({ err }, 'a database connection was lost; its work fails and the pool opens another'),
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger,
    mediaStore: createMediaStore(config.media),
    staff: { onOwnDrop: (tags) => send({ type: 'invalidate', tags: [...tags] }) },
  });
  await app.ready();

  let inFlight = 0;
  let idle: (() => void) | undefined;
  port.on('message', (msg: StaffRequest | { type: 'stop' }) => {
    if (msg.type === 'stop') {
      void (async () => {
        if (inFlight) await new Promise<void>((resolve) => (idle = resolve));
        await app.close();
        await database.close();
        send({ type: 'stopped' });
      })();
      return;
    }
    inFlight++;
    void app
      .inject({
        method: msg.method as 'GET',
        url: msg.url,
        headers: msg.headers as Record<string, string>,
        remoteAddress: msg.remoteAddress,
        ...(msg.body ? { payload: Buffer.from(msg.body.buffer, msg.body.byteOffset, msg.body.byteLength) } : {}),
      })
      .then(
        (res) => {
          const body = new Uint8Array(res.rawPayload);
          send({ type: 'response', id: msg.id, status: res.statusCode, headers: res.headers, body }, [
            body.buffer as ArrayBuffer,
          ]);
        },
        (err) => {
          // inject() fails only if the app itself is broken: the main thread answers the staff member's 503 at once.
          logger.error({ err }, 'the staff thread could not answer a request');
          send({ type: 'failed', id: msg.id });
        },
      )
      .finally(() => {
        inFlight--;
        if (!inFlight) idle?.();
      });
  });
  send({ type: 'ready', instance: app.invalidation.instance });
}
