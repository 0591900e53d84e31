/**
 * A small, honest load for fault tests: readers (cached pages and answers that must be made afresh), view beacons, a
 * health poller and one editor publishing, all at once against a running server. Every answer is judged as its
 * user would: a reader must get a page with its content, or the Arabic "come back shortly" with Retry-After, within
 * the time bound; never a 500, a reset connection or an empty page. The editor's acknowledged writes are kept, to be
 * looked for once the database is back.
 */

export interface LoadOptions {
  base: string;
  /** The session cookie of a signed-in editor. */
  cookie: string;
  /** Ids and titles of published articles to read. */
  articles: { id: number; title: string }[];
  /** A section slug for section pages. */
  section: string;
  readers?: number;
  beacons?: number;
}

export interface Tally {
  /** Answers by kind and status ("page 200", "api 503", "write 201", "network error" …). */
  byKind: Record<string, number>;
  /** The slowest reader answer in ms (pages, API, beacons: anything but the editor's writes). */
  slowestReaderMs: number;
  slowestWriteMs: number;
  /** The slowest /healthz answer in ms (it answers within a second, database or not). */
  slowestHealthMs: number;
  /** What a user would call broken, one line each (at most 20 kept). */
  failures: string[];
  requests: number;
  /** When each page a cache may hold (home, article, section: not search) was answered 200, in ms since the epoch. */
  pagesAt: number[];
}

const ARABIC = /[\u0600-\u06FF]/;
/** A whole reader page: the app's root and the document's end, with content. */
const isPage = (b: string) => b.includes('<div id="root">') && b.includes('</html>') && b.length > 2000;
const isJson = (b: string) => {
  try {
    return JSON.parse(b) !== null;
  } catch {
    return false;
  }
};

export class Load {
  readonly tally: Tally = {
    byKind: {},
    slowestReaderMs: 0,
    slowestWriteMs: 0,
    slowestHealthMs: 0,
    failures: [],
    requests: 0,
    pagesAt: [],
  };
  /** Breaking news and articles the server said it stored (201). */
  readonly acknowledged = { breaking: [] as number[], news: [] as number[] };
  private stopped = false;
  private loops: Promise<void>[] = [];
  private n = 0;

  constructor(private readonly o: LoadOptions) {}

  start(): void {
    for (let i = 0; i < (this.o.readers ?? 8); i++) this.loops.push(this.reader(i));
    for (let i = 0; i < (this.o.beacons ?? 2); i++) this.loops.push(this.beacon(i));
    this.loops.push(this.editor(), this.healthPoller());
  }

  async stop(): Promise<Tally> {
    this.stopped = true;
    await Promise.all(this.loops);
    return this.tally;
  }

  private count(kind: string): void {
    this.tally.byKind[kind] = (this.tally.byKind[kind] ?? 0) + 1;
    this.tally.requests++;
  }

  private fail(line: string): void {
    if (this.tally.failures.length < 20) this.tally.failures.push(line);
  }

  /** One request, timed and judged; `check` says what a good 200 must hold. */
  private async ask(
    kind: string,
    path: string,
    init: RequestInit,
    check: (body: string) => boolean,
  ): Promise<{ status: number; body: string } | undefined> {
    const started = Date.now();
    let res: Response;
    let body: string;
    try {
      res = await fetch(`${this.o.base}${path}`, { ...init, signal: AbortSignal.timeout(60_000) });
      body = await res.text();
    } catch (err) {
      this.count('network error');
      this.fail(`${kind} ${path}: ${String((err as { cause?: unknown }).cause ?? err)}`);
      return undefined;
    }
    const ms = Date.now() - started;
    if (kind === 'write') this.tally.slowestWriteMs = Math.max(this.tally.slowestWriteMs, ms);
    else this.tally.slowestReaderMs = Math.max(this.tally.slowestReaderMs, ms);
    this.count(`${kind} ${res.status}`);
    if (kind === 'page' && res.status === 200) this.tally.pagesAt.push(Date.now());
    if (res.status === 503) {
      if (!ARABIC.test(body) || !res.headers.get('retry-after')) this.fail(`${kind} ${path}: a 503 without Arabic`);
    } else if (res.status >= 500) {
      this.fail(`${kind} ${path}: ${res.status} ${body.slice(0, 200)}`);
    } else if (res.status < 300 && !check(body)) {
      this.fail(`${kind} ${path}: ${res.status} without its content (${body.length} bytes)`);
    }
    return { status: res.status, body };
  }

  /**
   * What a reader asks for about one article. The first four a cache may hold; the last two no cache holds, each made
   * afresh from the database.
   */
  private steps(article: { id: number; title: string }): [string, string, (b: string) => boolean][] {
    const fresh = Math.floor(Math.random() * 1e9);
    return [
      ['page', '/', isPage],
      ['page', `/news/${article.id}`, (b) => isPage(b) && b.includes(article.title)],
      ['page', `/category/${this.o.section}`, isPage],
      ['api', `/api/news/${article.id}`, (b) => isJson(b) && b.includes(article.title)],
      ['search', `/search?q=${encodeURIComponent(`ليبيا ${fresh}`)}`, isPage],
      ['api', `/api/news?limit=3&offset=${fresh % 50}`, isJson],
    ];
  }

  /**
   * Reads once every page and answer a cache may hold that the readers will ask for, as a site in service has them
   * (its readers asked before the fault): a fault then finds a last good copy of each. Not counted in the tally.
   */
  async warm(): Promise<void> {
    for (const article of this.o.articles)
      for (const [kind, path] of this.steps(article).slice(0, 4)) {
        const res = await fetch(`${this.o.base}${path}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`warming ${kind} ${path}: ${res.status}`);
      }
  }

  private async reader(i: number): Promise<void> {
    while (!this.stopped) {
      const article = this.o.articles[(i + this.n++) % this.o.articles.length]!;
      for (const [kind, path, check] of this.steps(article)) {
        if (this.stopped) return;
        await this.ask(kind, path, {}, check);
      }
    }
  }

  private async beacon(i: number): Promise<void> {
    while (!this.stopped) {
      const article = this.o.articles[i % this.o.articles.length]!;
      await this.ask('beacon', `/api/news/${article.id}/view`, { method: 'POST' }, (b) => b.includes('"views"'));
    }
  }

  private async editor(): Promise<void> {
    const headers = { 'content-type': 'application/json', cookie: this.o.cookie, origin: this.o.base };
    for (let k = 0; !this.stopped; k++) {
      const breaking = k % 2 === 0;
      const title = `${breaking ? 'عاجل اختبار' : 'خبر اختبار'} ${k} ${Date.now()}`;
      const body = breaking
        ? { title, isActive: true, priority: 5, expiresAt: null }
        : {
            title,
            description: 'وصف خبر كتبه المحرر أثناء اختبار الأعطال',
            content: '<p>نص الخبر كما كتبه المحرر أثناء اختبار الأعطال.</p>',
            category: this.o.section,
            imageUrl: 'https://example.com/fault-test.jpg',
            featured: false,
            action: 'publish',
          };
      const answer = await this.ask(
        'write',
        breaking ? '/api/admin/breaking-news' : '/api/admin/news',
        { method: 'POST', headers, body: JSON.stringify(body) },
        (b) => b.includes(title),
      );
      if (answer?.status === 201) {
        const id = (JSON.parse(answer.body) as { id: number }).id;
        (breaking ? this.acknowledged.breaking : this.acknowledged.news).push(id);
      }
    }
  }

  private async healthPoller(): Promise<void> {
    while (!this.stopped) {
      const started = Date.now();
      try {
        const res = await fetch(`${this.o.base}/healthz`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        this.count(`health ${res.status}`);
        if (res.status !== 200 && res.status !== 503) this.fail(`/healthz answered ${res.status}`);
      } catch (err) {
        this.count('network error');
        this.fail(`/healthz: ${String((err as { cause?: unknown }).cause ?? err)}`);
      }
      this.tally.slowestHealthMs = Math.max(this.tally.slowestHealthMs, Date.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Signs in through the admin API and returns the session cookie. */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password }),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`sign-in refused: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** Every acknowledged write, looked for after the fault: the ids the admin API cannot find. */
export async function missingWrites(base: string, cookie: string, load: Load): Promise<string[]> {
  const missing: string[] = [];
  for (const id of load.acknowledged.news) {
    const res = await fetch(`${base}/api/admin/news/${id}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) missing.push(`news ${id} (${res.status})`);
  }
  const stored = new Set<number>();
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/admin/breaking-news?page=${page}&pageSize=50`, { headers: { cookie } });
    const list = (await res.json()) as { id: number }[];
    for (const b of list) stored.add(b.id);
    if (list.length < 50) break;
  }
  for (const id of load.acknowledged.breaking) if (!stored.has(id)) missing.push(`breaking ${id}`);
  return missing;
}

/** The tally as one line per kind, for the test's log (and the closing note's figures). */
export const describeTally = (t: Tally) =>
  `${t.requests} requests; ${Object.entries(t.byKind)
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join(
      ', ',
    )}; slowest reader ${t.slowestReaderMs} ms, slowest write ${t.slowestWriteMs} ms, slowest /healthz ${t.slowestHealthMs} ms`;
