/**
 * The benchmark's honest baseline: a bare node:http server with no framework, answering each target with the exact
 * bytes and headers the real server sent for it (the same Content-Encoding, the same header sizes). Whatever the
 * real server spends above this is the cost of being Sahifa.
 * GET /lag answers its own longest event-loop delay since the last /lag, in ms, measured as the real server's
 * (prom-client's default: Node's monitorEventLoopDelay at a 10 ms resolution): the floor of that figure under the
 * same readers on this machine.
 */
import fs from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

interface Captured {
  status: number;
  headers: string[];
  base64: string;
}
const targets = JSON.parse(fs.readFileSync(process.env.BENCH_BODIES!, 'utf8')) as Record<string, Captured>;
const valueOf = (headers: string[], name: string) => headers[headers.indexOf(name) + 1];
const answers = new Map(
  Object.entries(targets).map(([name, t]) => {
    const notModified: string[] = [];
    for (let i = 0; i < t.headers.length; i += 2)
      if (!['content-length', 'content-encoding'].includes(t.headers[i]!))
        notModified.push(t.headers[i]!, t.headers[i + 1]!);
    const etag = t.headers.includes('etag') ? valueOf(t.headers, 'etag') : undefined;
    return [`/fixed/${name}`, { ...t, body: Buffer.from(t.base64, 'base64'), etag, notModified }];
  }),
);

const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();

http
  .createServer((req, res) => {
    if (req.url === '/lag') {
      res.end(JSON.stringify({ maxMs: lag.max / 1e6 }));
      lag.reset();
      return;
    }
    const a = answers.get(req.url ?? '');
    if (!a) {
      res.writeHead(404);
      res.end();
      return;
    }
    // A conditional request for the copy it has gets a 304, as from the real server (no body, no length).
    if (a.etag && req.headers['if-none-match'] === a.etag) {
      res.writeHead(304, a.notModified);
      res.end();
      return;
    }
    res.writeHead(a.status, a.headers);
    res.end(a.body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
