/**
 * A local stand-in for Telegram's Bot API (https://core.telegram.org/bots/api): POST /bot<token>/<method> with a
 * JSON body, answered `{ ok: true, result }` or `{ ok: false, error_code, description, parameters }` as Telegram
 * does. It records every call; tests choose the next answers (a 429 with retry_after, a 5xx, a 400, a hang).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BotApiCall {
  token: string;
  method: string;
  body: Record<string, unknown>;
}
type Answer = { status: number; body: unknown } | { hang: true };

export interface FakeTelegram {
  url: string;
  calls: BotApiCall[];
  /** Answers for the next calls, in order; after them every call succeeds. */
  answerNext: (...answers: Answer[]) => void;
  close: () => Promise<void>;
}

export const telegramError = (code: number, description: string, retryAfter?: number): Answer => ({
  status: code,
  body: {
    ok: false,
    error_code: code,
    description,
    ...(retryAfter ? { parameters: { retry_after: retryAfter } } : {}),
  },
});

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const calls: BotApiCall[] = [];
  const queue: Answer[] = [];
  let messageId = 100;
  const server = http.createServer((req, res) => {
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (!m || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw);
      } catch {
        /* recorded as empty */
      }
      calls.push({ token: m[1]!, method: m[2]!, body });
      const answer = queue.shift();
      if (answer && 'hang' in answer) return; // never answers: the client's own timeout must end it
      const reply = answer ?? {
        status: 200,
        body: { ok: true, result: { message_id: ++messageId, chat: { id: -1001, type: 'channel' }, text: body.text } },
      };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    answerNext: (...answers) => queue.push(...answers),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
