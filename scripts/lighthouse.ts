/**
 * `npm run lighthouse`: Lighthouse on the built server, offline, in Debian's Chromium (or CHROME_PATH), for the home
 * page, a section, an article, a search, the demo's live coverage and the demo's article with a photo gallery and a
 * YouTube video, in the light theme, in two profiles:
 * - default: Lighthouse's mobile profile (simulated Slow 4G: 150 ms round trip, 1.6 Mbps, 4× CPU slowdown), each page
 *   LH_RUNS times (default 5): every run must score performance ≥ 0.98 (accessibility, best practices, SEO 1.0);
 * - 3g: closer to a Libyan reader's phone on 3G (300 ms round trip, 1.6 Mbps, 6× CPU slowdown), LH_RUNS_3G times
 *   (default 3): LCP ≤ 2.5 s and TBT ≤ 200 ms in every run.
 * Prints each page's scores, LCP, FCP, TBT, CLS and bytes (the median run, and the worst run's figure beside it); the
 * full JSON report of each median run is written to lighthouse/<page>-<profile>.json. Exits 1 when a target is missed.
 * The home page and the article are measured again with four ad placements filled (home+ads, article+ads: the header
 * band, the sidebar, between the sections or after the article's third paragraph, the phone's bar), which must keep
 * the same targets and a layout shift of 0.
 * LH_PAGES=home,article measures only those pages; LH_PROFILES=3g only that profile.
 */
import { DEMO_LIVE_TITLE } from '../src/server/db/seed/demo-live';
import { DEMO_ARTICLES } from '../src/server/db/seed/demo-articles';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { randomBytes } from 'node:crypto';
import { adDesk } from './ad-desk';
import { freePort } from '../src/server/db/embedded';

const root = path.resolve(import.meta.dirname, '..');
const OUT = path.join(root, 'lighthouse');
const TARGETS = { performance: 0.98, accessibility: 1, 'best-practices': 1, seo: 1 };

interface Profile {
  name: string;
  label: string;
  runs: number;
  throttling?: { rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number };
  /** Metric limits every run must meet (ms). */
  limits?: { lcp: number; tbt: number };
  /** Whether every run must meet TARGETS. */
  scores: boolean;
}

const PROFILES: Profile[] = [
  {
    name: 'default',
    label: 'mobile, simulated Slow 4G (150 ms, 1.6 Mbps), 4× CPU',
    runs: Number(process.env.LH_RUNS ?? 5),
    scores: true,
  },
  {
    name: '3g',
    label: 'a Libyan phone on 3G: simulated 300 ms, 1.6 Mbps, 6× CPU',
    runs: Number(process.env.LH_RUNS_3G ?? 3),
    throttling: { rttMs: 300, throughputKbps: 1600, cpuSlowdownMultiplier: 6 },
    limits: { lcp: 2500, tbt: 200 },
    scores: false,
  },
];

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('Run `npm run build` first.');
  fs.mkdirSync(OUT, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-lh-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  // The account that books the ad campaigns of the +ads pages (made per run, never a fixed secret).
  const password = randomBytes(18).toString('base64url');
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      WEATHER_API_URL: 'http://127.0.0.1:9',
      PUBLIC_URL: `http://localhost:${port}`,
      ADMIN_USERNAME: 'lighthouse',
      ADMIN_PASSWORD: password,
      STAFF_2FA_ROLES: 'none',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://localhost:${port}`;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let failed = false;
  try {
    await waitFor(`${origin}/healthz`, server);
    const latest = (await (await fetch(`${origin}/api/news?limit=100`)).json()) as { id: number; title: string }[];
    const first = latest[0];
    // The demo's live coverage (ended, fifteen entries, key events and a pinned one).
    const coverage = latest.find((n) => n.title === DEMO_LIVE_TITLE);
    if (!coverage) throw new Error('the demo live coverage is not among the latest 100 stories');
    // The demo's story with a gallery and a video (its player loads only on a click, so never here).
    const galleryTitle = DEMO_ARTICLES.find((a) => a.gallery && a.video)?.title;
    const gallery = latest.find((n) => n.title === galleryTitle);
    if (!gallery) throw new Error('the demo article with a gallery and a video is not among the latest 100 stories');
    const pages: Record<string, string> = {
      home: '/',
      section: '/category/libya',
      article: `/news/${first!.id}`,
      search: `/search?q=${encodeURIComponent('ليبيا')}`,
      live: `/news/${coverage.id}`,
      gallery: `/news/${gallery.id}`,
      'home+ads': '/',
      'article+ads': `/news/${first!.id}`,
    };
    const ads = await bookAds(origin, password);
    // LH_PAGES=home,article runs only those (while working on one page).
    const only = process.env.LH_PAGES?.split(',');
    if (only) for (const name of Object.keys(pages)) if (!only.includes(name)) delete pages[name];
    for (const p of Object.values(pages)) await fetch(origin + p); // warm the cache, as readers find it
    await ads.show(false);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    });
    const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
    const profiles = PROFILES.filter(
      (p) => !process.env.LH_PROFILES || process.env.LH_PROFILES.split(',').includes(p.name),
    );
    for (const profile of profiles) {
      console.log(`\nLighthouse ${version}, ${profile.label}, light theme: median of ${profile.runs} runs per page`);
      console.log('(worst run in brackets)\n');
      console.log('page       perf         a11y  best   seo   LCP ms          FCP ms  TBT ms        CLS    KB');
      for (const [name, p] of Object.entries(pages)) {
        await ads.show(name.endsWith('+ads'));
        await fetch(origin + p);
        const results: NonNullable<Awaited<ReturnType<typeof lighthouse>>>[] = [];
        for (let i = 0; i < profile.runs; i++) {
          const r = await lighthouse(
            origin + p,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: Object.keys(TARGETS),
              // Search results ask not to be indexed (robots noindex, as search engines ask of a site's own search
              // pages): that one SEO check is not counted there; every other one is.
              ...(name === 'search' ? { skipAudits: ['is-crawlable'] } : {}),
            },
            profile.throttling
              ? {
                  extends: 'lighthouse:default',
                  settings: {
                    formFactor: 'mobile',
                    throttlingMethod: 'simulate',
                    throttling: {
                      ...profile.throttling,
                      requestLatencyMs: 0,
                      downloadThroughputKbps: 0,
                      uploadThroughputKbps: 0,
                    },
                  },
                }
              : undefined,
          );
          if (!r) throw new Error(`no result for ${p}`);
          // A run Lighthouse itself could not finish counts as a miss (score 0), and says why.
          if (r.lhr.runtimeError)
            console.log(`           run ${i + 1}: ${r.lhr.runtimeError.code}: ${r.lhr.runtimeError.message}`);
          results.push(r);
        }
        const perf = (r: (typeof results)[number]) => r.lhr.categories.performance?.score ?? 0;
        const metricOf = (r: (typeof results)[number], id: string) => Number(r.lhr.audits[id]?.numericValue ?? NaN);
        results.sort((a, b) => perf(a) - perf(b));
        const result = results[Math.floor(results.length / 2)]!;
        const lhr = result.lhr;
        fs.writeFileSync(path.join(OUT, `${name}-${profile.name}.json`), String(result.report));
        const score = (c: keyof typeof TARGETS) => lhr.categories[c]?.score ?? 0;
        const metric = (id: string) => metricOf(result, id);
        const worst = (id: string) => Math.max(...results.map((r) => metricOf(r, id)));
        const worstPerf = Math.min(...results.map(perf));
        const bytes = metric('total-byte-weight') / 1024;
        const missed: string[] = [];
        if (profile.scores) {
          for (const c of Object.keys(TARGETS) as (keyof typeof TARGETS)[])
            if (results.some((r) => (r.lhr.categories[c]?.score ?? 0) < TARGETS[c])) missed.push(c);
        }
        if (worst('cumulative-layout-shift') > 0) missed.push('CLS > 0');
        if (profile.limits) {
          if (worst('largest-contentful-paint') > profile.limits.lcp) missed.push(`LCP > ${profile.limits.lcp} ms`);
          if (worst('total-blocking-time') > profile.limits.tbt) missed.push(`TBT > ${profile.limits.tbt} ms`);
        }
        if (missed.length) failed = true;
        console.log(
          `${name.padEnd(9)} ${score('performance').toFixed(2).padStart(5)} (${worstPerf.toFixed(2)}) ${score('accessibility').toFixed(2).padStart(5)} ${score('best-practices').toFixed(2).padStart(5)} ${score('seo').toFixed(2).padStart(5)} ${metric('largest-contentful-paint').toFixed(0).padStart(6)} (${worst('largest-contentful-paint').toFixed(0).padStart(5)}) ${metric('first-contentful-paint').toFixed(0).padStart(7)} ${metric('total-blocking-time').toFixed(0).padStart(6)} (${worst('total-blocking-time').toFixed(0).padStart(4)}) ${metric('cumulative-layout-shift').toFixed(3).padStart(6)} ${bytes.toFixed(0).padStart(5)}${missed.length ? `   missed: ${missed.join(', ')}` : ''}`,
        );
        for (const c of Object.keys(TARGETS) as (keyof typeof TARGETS)[])
          if (missed.includes(c))
            for (const ref of lhr.categories[c]!.auditRefs) {
              const a = lhr.audits[ref.id]!;
              if (ref.weight > 0 && a.score !== null && a.score < 1)
                console.log(`           ${c}: ${a.id} (${a.score}) ${a.displayValue ?? ''}`);
            }
      }
    }
    console.log(`\nReports: ${path.relative(root, OUT)}/*.json`);
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

/**
 * Two running campaigns for the +ads pages: one in the header band, in the article, between the home page's sections
 * and in the phone's bar, one in the sidebar; show(on) turns those placements on or off (and the sidebar's campaign),
 * and waits until the pages are made again with their boxes.
 */
async function bookAds(origin: string, password: string) {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: 'lighthouse', password }),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
  const desk = adDesk(origin, login.headers.get('set-cookie')!.split(';')[0]!);
  const [wide, phone, square, bar] = await Promise.all([
    desk.upload(1456, 180, '#0f766e'),
    desk.upload(640, 200, '#0f766e'),
    desk.upload(600, 500, '#7c2d12'),
    desk.upload(640, 100, '#1e3a8a'),
  ]);
  await desk.book({
    name: 'شريط',
    placements: ['header', 'between-cards'],
    creative: { desktopImage: wide, phoneImage: phone },
  });
  await desk.book({
    name: 'داخل الخبر',
    placements: ['in-article'],
    creative: { desktopImage: square, phoneImage: null },
  });
  await desk.book({ name: 'الهاتف', placements: ['sticky'], creative: { desktopImage: null, phoneImage: bar } });
  const sidebar = {
    name: 'العمود',
    placements: ['sidebar'],
    creative: { desktopImage: square, phoneImage: null },
    paused: true,
  };
  const side = await desk.book(sidebar);
  let shown: boolean | undefined;
  return {
    async show(on: boolean) {
      if (shown === on) return;
      shown = on;
      for (const key of ['header', 'in-article', 'between-cards', 'sticky']) await desk.placement(key, on);
      await desk.change(side.id, { ...sidebar, paused: !on });
      // The pages are made again with (or without) their boxes; readers get the previous copy meanwhile.
      for (let i = 0; i < 50; i++) {
        const html = await (await fetch(`${origin}/`)).text();
        if (html.includes('data-placement="header"') === on) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the ad placements did not reach the pages');
    },
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
