/**
 * The benchmark's honest baseline: a bare node:http server with no framework, answering each target with the exact
 * bytes and headers the real server sent for it (the same Content-Encoding, the same header sizes). Whatever the
 * real server spends above this is the cost of being Sahifa.
 */
import fs from 'node:fs';
import http from 'node:http';

interface Captured {
  status: number;
  headers: string[];
  base64: string;
}
const targets = JSON.parse(fs.readFileSync(process.env.BENCH_BODIES!, 'utf8')) as Record<string, Captured>;
const answers = new Map(
  Object.entries(targets).map(([name, t]) => [`/fixed/${name}`, { ...t, body: Buffer.from(t.base64, 'base64') }]),
);

http
  .createServer((req, res) => {
    const a = answers.get(req.url ?? '');
    if (!a) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(a.status, a.headers);
    res.end(a.body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
