/**
 * Part 9 of `npm run bench`: advertising. A cached article with four filled placements (header band, sidebar,
 * in-article, the phone's bar: their boxes are in the page, the creatives come from the small /api/ads answer) against
 * the same article with every placement off, interleaved three times each; then viewable-impression beacons on one campaign
 * and that every acknowledged impression was stored (they are batched in memory and written every second).
 */
import http from 'node:http';
import type pg from 'pg';
import { adDesk } from './ad-desk';
import { loadMix, loadUrl, type LoadResult } from './bench-load';

const PLACEMENTS = ['header', 'sidebar', 'in-article', 'sticky'] as const;
const ALL = ['header', 'sidebar', 'in-article', 'between-cards', 'sticky'] as const;
const READER_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile';

const fixed = (n: number, d = 0) => n.toFixed(d);

export async function benchAds(o: {
  origin: string;
  cookie: string;
  db: pg.Client;
  articleId: number;
  seconds: number;
  connections: number;
  headers: Record<string, string>;
}): Promise<void> {
  const { origin, cookie, db } = o;
  const desk = adDesk(origin, cookie);
  const setPlacements = async (on: readonly string[]) => {
    for (const key of ALL) await desk.placement(key, on.includes(key));
  };

  const desktop = await desk.upload(1456, 180, '#0f766e');
  const phone = await desk.upload(640, 200, '#0f766e');
  const square = await desk.upload(600, 500, '#7c2d12');
  const campaign = await desk.book({
    name: 'حملة المقياس',
    placements: PLACEMENTS,
    creative: { desktopImage: desktop, phoneImage: phone },
  });
  await desk.book({
    advertiser: 'ليبيانا',
    name: 'حملة المقياس الثانية',
    placements: ['sidebar', 'in-article'],
    weight: 2,
    creative: {
      desktopImage: square,
      phoneImage: null,
      alt: 'باقات الجيل الرابع',
      url: 'https://libyana.example.ly',
    },
  });
  const creative = campaign.creatives[0]!.id;

  const page = `${origin}/news/${o.articleId}`;
  const measure = async (on: readonly string[]): Promise<LoadResult & { bytes: number; boxes: number }> => {
    await setPlacements(on);
    // The page is made again with its boxes (readers get the previous copy for the moment that takes).
    let boxes = -1;
    for (let i = 0; i < 50 && boxes !== on.length; i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      boxes = ((await (await fetch(page)).text()).match(/data-placement="/g) ?? []).length;
    }
    if (boxes !== on.length) throw new Error(`the article shows ${boxes} ad boxes, not ${on.length}`);
    // The bytes on the wire (fetch would decode them): what a reader's browser is sent.
    const bytes = await new Promise<number>((resolve, reject) => {
      http
        .get(page, { headers: o.headers }, (r) => {
          let n = 0;
          r.on('data', (c: Buffer) => (n += c.length));
          r.on('end', () => resolve(n));
        })
        .on('error', reject);
    });
    await loadUrl(page, { connections: o.connections, seconds: 2, headers: o.headers }); // warm-up
    return {
      ...(await loadUrl(page, { connections: o.connections, seconds: o.seconds, headers: o.headers })),
      bytes,
      boxes,
    };
  };
  console.log(`\n9. Advertising: a cached article with four filled placements vs none, ${o.connections} connections`);
  console.log('page                        boxes  bytes    req/s   p99 ms');
  const runs: Record<string, (LoadResult & { bytes: number; boxes: number })[]> = { none: [], four: [] };
  for (let i = 0; i < 3; i++) {
    runs.none!.push(await measure([]));
    runs.four!.push(await measure(PLACEMENTS));
  }
  const rate = (k: string) => runs[k]!.reduce((s, r) => s + r.rps, 0) / runs[k]!.length;
  for (const [k, label] of [
    ['none', 'article, no ad placements'],
    ['four', 'article, four filled'],
  ] as const) {
    const r = runs[k]!;
    console.log(
      `${label.padEnd(27)} ${String(r[0]!.boxes).padStart(5)} ${String(r[0]!.bytes).padStart(6)} ${fixed(rate(k)).padStart(8)} ${String(Math.max(...r.map((x) => x.p99))).padStart(8)}`,
    );
  }
  console.log(`ratio four ÷ none: ${fixed(rate('four') / rate('none'), 2)} (goal ≥ 0.95)`);
  const served = await loadUrl(`${origin}/api/ads`, {
    connections: o.connections,
    seconds: o.seconds,
    headers: o.headers,
  });
  console.log(`the creatives' answer /api/ads (cached): ${fixed(served.rps)} req/s, p99 ${served.p99} ms`);

  // Viewable impressions: one campaign's creative in the header band, from phones (a reader's browser, not a robot).
  const stored = async () =>
    Number(
      (
        await db.query('select coalesce(sum(impressions), 0) as n from ad_daily_stats where creative_id = $1', [
          creative,
        ])
      ).rows[0].n,
    );
  const flushed = () => new Promise((r) => setTimeout(r, 2500));
  const beacon = {
    method: 'POST' as const,
    body: JSON.stringify({ i: [{ c: creative, p: 'header', d: 'phone' }] }),
    connections: o.connections,
    headers: { 'content-type': 'application/json', 'user-agent': READER_UA },
  };
  await loadMix(origin, ['/api/ads/impressions'], { ...beacon, seconds: 2 });
  await flushed();
  const before = await stored();
  const r = await loadMix(origin, ['/api/ads/impressions'], { ...beacon, seconds: o.seconds });
  await flushed();
  const counted = (await stored()) - before;
  const inFlight = counted - r.ok;
  const verdict =
    inFlight >= 0 && inFlight <= o.connections ? `all counted (+${inFlight} in flight at the end)` : 'MISMATCH';
  console.log(
    `impression beacons, one campaign ${fixed(r.rps).padStart(6)} req/s, p99 ${r.p99} ms; ${r.ok} acknowledged, ${counted} stored: ${verdict} (goal ≥ 5000/s)`,
  );
  await setPlacements(['sidebar']);
}
