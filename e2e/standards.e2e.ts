/**
 * The standards details of issue 28 a browser shows: every reader page passes axe's best-practice landmark rules
 * (`region`: all content inside a landmark; `landmark-unique`: the second navigation and complementary regions
 * named), no admin screen raises a Content-Security-Policy violation, a Latin headline in the Arabic page is isolated
 * so its punctuation lands where it belongs, and the dashboard says when the last scheduled backup failed.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { announce, dbQuery, launch, newPage, openReader, screenshot } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Every Content-Security-Policy violation the page reports, from its first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

async function signedIn(opts: { width?: number; dark?: boolean } = {}) {
  const { context, page } = await newPage(browser, opts);
  const violations = await recordViolations(page);
  await page.goto('/admin/login', { waitUntil: 'networkidle' });
  const onLogin = await violations();
  await page.fill('#username', inject('adminUsername'));
  await page.fill('#password', inject('adminPassword'));
  await page.click('button[type=submit]');
  await page.waitForURL('**/admin/dashboard');
  return { context, page, violations, onLogin };
}

describe('reader pages and axe best practice: landmarks', () => {
  const pages = async () => {
    const [article] = await dbQuery<{ id: number }>(
      `select n.id from news n where n.status = 'published' and not exists (select 1 from live_coverages c where c.news_id = n.id)
       order by n.published_at desc limit 1`,
    );
    const [live] = await dbQuery<{ id: number }>('select news_id as id from live_coverages limit 1');
    const [gallery] = await dbQuery<{ id: number }>(
      `select id from news where status = 'published' and content like '%data-gallery=%' limit 1`,
    );
    const [tag] = await dbQuery<{ slug: string }>('select slug from tags limit 1');
    const [author] = await dbQuery<{ username: string }>(
      'select a.username from admins a join news_authors na on na.admin_id = a.id limit 1',
    );
    return [
      ['home', '/'],
      ['section', '/category/economy'],
      ['article', `/news/${article!.id}`],
      ['live coverage', `/news/${live!.id}`],
      ['article with a gallery and a video', `/news/${gallery!.id}`],
      ['corrections', '/corrections'],
      ['search', `/search?q=${encodeURIComponent('طرابلس')}`],
      ['empty search', '/search'],
      ['tag', `/tag/${encodeURIComponent(tag!.slug)}`],
      ['author', `/author/${encodeURIComponent(author!.username)}`],
      ['not found', '/no/such/page'],
    ] as const;
  };

  for (const width of [360, 1366])
    it(`no region or landmark-unique finding at ${width} px, of any impact`, async () => {
      const problems: string[] = [];
      for (const [name, path] of await pages()) {
        const { context, page } = await newPage(browser, { width });
        await openReader(page, path);
        const result = await new AxeBuilder({ page }).withRules(['region', 'landmark-unique']).analyze();
        for (const v of result.violations)
          problems.push(
            `${name}: ${v.id} at ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 4)
              .join(' | ')}`,
          );
        // Both rules ran on the page (a rule that found nothing to check proves nothing).
        expect(result.passes.map((p) => p.id).sort(), name).toEqual(['landmark-unique', 'region']);
        await context.close();
      }
      expect(problems).toEqual([]);
    });
});

describe('admin screens and the Content-Security-Policy', () => {
  it('raise no violation on any screen (zod compiles nothing with eval)', async () => {
    const { context, page, violations, onLogin } = await signedIn();
    expect(onLogin, 'the login screen').toEqual([]);
    const [coverage] = await dbQuery<{ id: number }>('select news_id as id from live_coverages limit 1');
    const screens = [
      '/admin/dashboard',
      '/admin/news',
      '/admin/news?edit=new',
      '/admin/breaking-news',
      '/admin/live',
      `/admin/live/${coverage!.id}`,
      '/admin/categories',
      '/admin/prayer-times',
      '/admin/users',
      '/admin/statistics',
      '/admin/settings',
      '/admin/profile',
    ];
    const found: string[] = [];
    for (const url of screens) {
      // A full load of each screen: every module and schema is made again, as when staff open it from a link.
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
      for (const v of await violations()) found.push(`${url}: ${v}`);
    }
    expect(found).toEqual([]);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await context.close();
  });

  it('raise none on the reader page that uses zod either (the newsletter box checks its fields with it)', async () => {
    const { context, page } = await newPage(browser);
    const violations = await recordViolations(page);
    await openReader(page, '/');
    const box = page.locator('section[aria-labelledby="newsletter-heading"]');
    await box.scrollIntoViewIfNeeded();
    await box.locator('#nl-email').fill('not-an-address');
    await box.locator('button[type=submit]').click();
    // The schema was loaded and said what is wrong, next to the field.
    await expect.poll(() => box.locator('#nl-name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/zod-/.test(r.name)))).toBe(
      true,
    );
    expect(await violations()).toEqual([]);
    await context.close();
  });
});

describe('a Latin headline in the Arabic page', () => {
  const title = 'Libya: UN talks resume in Geneva!';
  let id: number;
  beforeAll(async () => {
    const [row] = await dbQuery<{ id: number }>(
      `insert into news (title, description, content, category, image_url, status, published_at)
       values ($1, 'وصف خبر بعنوان لاتيني', '<p>نص</p>', 'international', null, 'published', now()) returning id`,
      [title],
    );
    id = row!.id;
    await announce(['news', `article:${id}`]);
  });
  afterAll(async () => {
    await dbQuery('delete from news where id = $1', [id]);
    await announce(['news', `article:${id}`]);
  });

  /** Where the headline's first and last characters are drawn, and the box it sits in. */
  const geometry = (page: Page, selector: string) =>
    page
      .locator(selector, { hasText: 'Libya' })
      .first()
      .evaluate((el, text) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let node: Text | null = null;
        while (walker.nextNode())
          if ((walker.currentNode as Text).data.includes(text)) node = walker.currentNode as Text;
        if (!node) return null;
        const start = node.data.indexOf(text);
        const rect = (i: number) => {
          const r = document.createRange();
          r.setStart(node!, i);
          r.setEnd(node!, i + 1);
          return r.getBoundingClientRect();
        };
        const bdi = node.parentElement!.closest('bdi, [dir="auto"]');
        return {
          first: rect(start).left,
          last: rect(start + text.length - 1).left,
          isolated: !!bdi,
          direction: getComputedStyle(node.parentElement!).direction,
        };
      }, title);

  it('reads left to right with its «!» at its end, in the article and in the lists', async () => {
    const { context, page } = await newPage(browser, { width: 1366 });
    await openReader(page, `/news/${id}`);
    const h1 = await geometry(page, 'main h1');
    expect(h1).toMatchObject({ isolated: true, direction: 'ltr' });
    // "L" on the left, "!" on the right: the exclamation mark closes the sentence instead of opening it.
    expect(h1!.last).toBeGreaterThan(h1!.first);
    await openReader(page, '/category/international');
    const card = await geometry(page, `main a[href="/news/${id}"]`);
    expect(card).toMatchObject({ isolated: true, direction: 'ltr' });
    expect(card!.last).toBeGreaterThan(card!.first);
    await openReader(page, '/');
    const row = await geometry(page, `main a[href="/news/${id}"]`);
    expect(row).toMatchObject({ isolated: true });
    expect(row!.last).toBeGreaterThan(row!.first);
    await context.close();
  });
});

describe('the dashboard and a failed backup', () => {
  afterAll(() => dbQuery('delete from ops.backup_runs'));

  it('tells admins when and why the last scheduled backup failed, and when the last good one was made', async () => {
    await dbQuery(
      `insert into ops.backup_runs (slot, instance, status, started_at, heartbeat_at, finished_at, location, bytes, duration_ms)
       values (now() - interval '1 day', 'e2e:1', 'succeeded', now() - interval '1 day', now() - interval '1 day',
               now() - interval '1 day' + interval '4 seconds', '/srv/sahifa/backups/sahifa-yesterday.tar.gz', 48234496, 4000)`,
    );
    await dbQuery(
      `insert into ops.backup_runs (slot, instance, status, started_at, heartbeat_at, finished_at, error, duration_ms)
       values (now() - interval '2 hours', 'e2e:1', 'failed', now() - interval '2 hours', now() - interval '2 hours',
               now() - interval '2 hours', 'ENOSPC: no space left on device, write ''/srv/sahifa/backups/sahifa-2026-11-26T01-00-00Z.tar.gz.partial''', 1200)`,
    );
    for (const width of [360, 1366])
      for (const dark of [false, true]) {
        const { context, page } = await signedIn({ width, dark });
        const card = page.getByTestId('backup-status');
        await expect.poll(() => card.getByRole('alert').textContent()).toContain('فشلت آخر نسخة احتياطية');
        expect(await card.textContent()).toContain('ENOSPC: no space left on device');
        expect(await card.textContent()).toContain('آخر نسخة ناجحة');
        // The reason, in the operator's words, stays inside the card on a phone.
        const spill = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(spill).toBeLessThanOrEqual(1);
        await screenshot(page, `admin-dashboard-backup-failed-${width}-${dark ? 'dark' : 'light'}`);
        await context.close();
      }
  });
});
