/**
 * The live coverage parts of `npm run bench`: a coverage with 500 entries made through the live desk's API, how long
 * an entry takes to reach a poller on another instance, and thousands of readers polling while three staff post.
 */
import autocannon from 'autocannon';

export interface Desk {
  origin: string;
  cookie: string;
}

const json = { 'content-type': 'application/json' };

export async function deskCall(desk: Desk, method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${desk.origin}/api/admin${path}`, {
    method,
    headers: { ...json, cookie: desk.cookie, origin: desk.origin },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** A paragraph the size of a real entry (about 300 characters of Arabic). */
export const entryBody = (i: number) =>
  `<p>تحديث رقم ${i}: فرق الطوارئ تواصل عملها في الأحياء المتضررة، والسلطات تدعو السكان إلى البقاء في منازلهم وتجنب الطرق التي غمرتها المياه حتى صدور إشعار آخر من غرفة العمليات المركزية.</p>`;

/** Turns an article into coverage and posts `count` entries (four at a time), some of them key events. */
export async function makeCoverage(desk: Desk, newsId: number, count: number): Promise<void> {
  await deskCall(desk, 'POST', '/live', { newsId });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await deskCall(desk, 'POST', `/live/${newsId}/entries`, {
        body: entryBody(i),
        keyEvent: i % 100 === 0 ? `حدث بارز ${i}` : null,
      });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
export const summary = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s.at(-1)! };
};

/**
 * From an editor's post (sent to one instance) to the entry being in the poll answer of the other instance: posts
 * `count` entries `gapMs` apart while a watcher asks the other instance's poll URL every 20 ms (as a poller that
 * happens to ask right then would). The poll interval adds to this for a real reader.
 */
export async function postToPoll(desk: Desk, otherOrigin: string, newsId: number, count: number, gapMs: number) {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const sent = performance.now();
    const res = await deskCall(desk, 'POST', `/live/${newsId}/entries`, { body: entryBody(10_000 + i) });
    const { id } = (await res.json()) as { id: number };
    for (;;) {
      const poll = (await (await fetch(`${otherOrigin}/api/live/${newsId}/updates`)).json()) as {
        changes: { id: number }[];
      };
      if (poll.changes.some((c) => c.id === id)) break;
      if (performance.now() - sent > 10_000) throw new Error(`entry ${id} not in the other instance's poll after 10 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    latencies.push(performance.now() - sent);
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return summary(latencies);
}

/**
 * `readers` readers polling every `intervalS` seconds (their combined rate, over 200 connections) while `staff`
 * members post one entry every `everyMs` each: the readers' answers, the posts' latency.
 */
export async function pollersAndDesk(
  desk: Desk,
  newsId: number,
  o: {
    readers: number;
    intervalS: number;
    staff: number;
    everyMs: number;
    seconds: number;
    headers: Record<string, string>;
  },
) {
  const posts: number[] = [];
  let running = true;
  const poster = async (k: number) => {
    await new Promise((r) => setTimeout(r, (k * o.everyMs) / o.staff)); // staggered
    for (let i = 0; running; i++) {
      const t0 = performance.now();
      await deskCall(desk, 'POST', `/live/${newsId}/entries`, { body: entryBody(20_000 + k * 1000 + i) });
      posts.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, Math.max(0, o.everyMs - (performance.now() - t0))));
    }
  };
  const staff = Array.from({ length: o.staff }, (_, k) => poster(k));
  const r = await autocannon({
    url: `${desk.origin}/api/live/${newsId}/updates`,
    connections: 200,
    overallRate: Math.round(o.readers / o.intervalS),
    duration: o.seconds,
    headers: o.headers,
    workers: 1,
  });
  running = false;
  await Promise.all(staff);
  if (r.errors || r.non2xx) throw new Error(`pollers: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { polls: { rps: r.requests.average, p99: r.latency.p99, ok: r['2xx'] }, posts: summary(posts) };
}
