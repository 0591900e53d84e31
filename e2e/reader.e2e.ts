import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announce, baseUrl, dbQuery, launch, newPage, openPage, screenshot } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const open = (path: string, opts: Parameters<typeof newPage>[1] = {}) => openPage(browser, path, opts);

/** An article's stored views (beacons are written in batches, about once a second). */
const viewsOf = async (id: number) =>
  (
    await dbQuery<{ views: number }>('select coalesce(max(views), 0)::int views from news_views where news_id = $1', [
      id,
    ])
  )[0]!.views;

const errorsOf = (page: Page) => (page as Page & { errors: string[] }).errors;

describe('home', () => {
  it('shows every section from the seeded data', async () => {
    const { context, page, status } = await open('/');
    expect(status).toBe(200);
    expect(await page.title()).toContain('صحيفة');
    await expect.poll(() => page.getByTestId('featured-slider').locator('h2').count()).toBeGreaterThan(1);
    expect(await page.getByRole('tab', { name: 'مواقيت الصلاة' }).getAttribute('aria-selected')).toBe('true');
    for (const prayer of ['الفجر', 'الظهر', 'العصر', 'المغرب', 'العشاء'])
      await expect.poll(() => page.getByText(prayer, { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('prayer-countdown').textContent()).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(await page.getByRole('heading', { name: 'الأكثر قراءة' }).count()).toBe(1);
    expect(await page.locator('section[aria-labelledby="most-read-heading"] ol > li').count()).toBe(5);
    expect(await page.getByRole('heading', { name: 'النشرة البريدية' }).count()).toBe(1);
    expect(await page.getByText('مساحة إعلانية').count()).toBeGreaterThan(0);
    expect(await page.locator('#section-panel article').count()).toBe(6);
    expect(await page.getByTestId('ticker-breaking').getByText('عاجل', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('ticker-latest').getByTestId('ticker-headline').textContent()).toBeTruthy();
    // The year in Tripoli, as the reader's browser sees it (not the test machine's UTC: they differ late on 31 December).
    const year = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Africa/Tripoli' }).format(new Date());
    expect(await page.locator('footer').textContent()).toContain(year);
    await page.getByRole('tab', { name: 'الطقس' }).click();
    await expect.poll(() => page.getByText('الرطوبة').count()).toBe(1);
    expect(await page.getByText('غداً').count()).toBe(1);
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  });

  it('lets a phone reader tap a breaking headline to read it whole, hold it, and share it with feedback', async () => {
    const long = 'عاجل من طرابلس: المجلس الرئاسي يعلن عن حزمة إجراءات جديدة لدعم الأسر في كل المدن والقرى الليبية';
    await dbQuery('insert into breaking_news (title, priority, is_active) values ($1, 100, true)', [long]);
    await announce(['breaking']);
    const { context, page } = await open('/', { width: 360, clipboard: true, touch: true });
    const ticker = page.getByTestId('ticker-breaking');
    const headline = ticker.getByTestId('ticker-headline');
    await expect.poll(() => headline.textContent()).toBe(long);
    // One line before the tap (the phone's tickers are compact, so news starts higher), the whole headline after it.
    const lines = () => headline.evaluate((el) => Math.round(el.getBoundingClientRect().height / 24));
    expect(await lines()).toBe(1);
    expect(await headline.evaluate((el) => el.scrollHeight > el.clientHeight + 1)).toBe(true);
    await headline.tap();
    expect(await headline.getAttribute('data-pinned')).toBe('true');
    expect(await headline.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    expect(await lines()).toBeGreaterThan(1);
    // Its right edge stays inside the screen: nothing spills out.
    expect(await headline.evaluate((el) => el.getBoundingClientRect().left >= 0)).toBe(true);
    await ticker.getByRole('button', { name: 'مشاركة الخبر' }).tap();
    await expect.poll(() => ticker.getByTestId('ticker-feedback').textContent()).toBe('تم نسخ الخبر');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(long);
    // Held while pinned: no rotation even past the 8 s interval.
    await page.waitForTimeout(8500);
    expect(await headline.textContent()).toBe(long);
    // A tap elsewhere lets it go.
    await page.locator('main').tap({ position: { x: 20, y: 20 } });
    expect(await headline.getAttribute('data-pinned')).toBeNull();
    await dbQuery('delete from breaking_news where title = $1', [long]);
    await announce(['breaking']);
    await context.close();
  });

  it('moves the breaking ticker with next and previous, counting n/total', async () => {
    const { context, page } = await open('/');
    const ticker = page.getByTestId('ticker-breaking');
    const counter = ticker.getByTestId('ticker-counter');
    const total = (
      await dbQuery<{ n: number }>(
        'select count(*)::int n from breaking_news where is_active and (expires_at is null or expires_at > now())',
      )
    )[0]!.n;
    await ticker.hover(); // a pointer over the ticker holds its rotation: only the buttons move it from here
    expect(await counter.textContent()).toBe(`1/${total}`);
    const first = await ticker.getByTestId('ticker-headline').textContent();
    await ticker.getByRole('button', { name: 'الخبر التالي' }).click();
    await expect.poll(() => counter.textContent()).toBe(`2/${total}`);
    await expect.poll(() => ticker.getByTestId('ticker-headline').textContent()).not.toBe(first);
    await ticker.getByRole('button', { name: 'الخبر السابق' }).click();
    await expect.poll(() => counter.textContent()).toBe(`1/${total}`);
    await ticker.getByRole('button', { name: 'الخبر السابق' }).click();
    await expect.poll(() => counter.textContent()).toBe(`${total}/${total}`);
    await context.close();
  });

  it('switches section tabs by rewriting the address without a reload, and honours ?category= on load', async () => {
    const { context, page } = await open('/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('tab', { name: 'رياضة', exact: true }).click();
    await expect.poll(() => page.url()).toBe(`${baseUrl()}/?category=sports`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await expect.poll(() => page.locator('#section-panel article').count()).toBe(3);
    expect(await page.locator('#section-panel').textContent()).toContain('رياضة');
    await page.getByRole('tab', { name: 'الرئيسية' }).click();
    await expect.poll(() => page.url()).toBe(`${baseUrl()}/`);
    await context.close();

    const direct = await open('/?category=economy');
    expect(await direct.page.getByRole('tab', { name: 'اقتصاد', exact: true }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await direct.page.locator('#section-panel article').count()).toBe(3);
    await direct.context.close();
  });
});

describe('category page', () => {
  it("lists a section's news under its name", async () => {
    const { context, page, status } = await open('/category/libya');
    expect(status).toBe(200);
    expect(await page.title()).toBe('ليبيا | صحيفة');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('ليبيا');
    expect(await page.locator('main article').count()).toBeGreaterThanOrEqual(10);
    await context.close();
  });

  it('says so when a section has no news', async () => {
    await dbQuery(
      "insert into categories (name, slug, position) values ('قسم فارغ', 'empty-section', 99) on conflict do nothing",
    );
    const { context, page, status } = await open('/category/empty-section');
    expect(status).toBe(200);
    expect(await page.getByText('لا توجد أخبار في هذا القسم حاليًا').count()).toBe(1);
    expect(await page.getByText('يرجى التحقق لاحقًا مرة أخرى، أو تصفح أقسامًا أخرى').count()).toBe(1);
    await context.close();
  });

  it('loads older news of a long section on demand', async () => {
    await dbQuery(
      "insert into categories (name, slug, position) values ('أرشيف', 'archive-section', 98) on conflict do nothing",
    );
    await dbQuery(
      "insert into news (title, description, content, category, image_url, status, published_at) select 'خبر أرشيفي ' || g, 'وصف', '<p>نص</p>', 'archive-section', null, 'published', now() - g * interval '1 hour' from generate_series(1, 25) g",
    );
    const { context, page } = await open('/category/archive-section');
    expect(await page.locator('main article').count()).toBe(20);
    await page.getByRole('button', { name: 'المزيد من الأخبار' }).click();
    await expect.poll(() => page.locator('main article').count()).toBe(25);
    expect(await page.getByRole('button', { name: 'المزيد من الأخبار' }).count()).toBe(0);
    expect(await page.locator('main').textContent()).toContain('خبر أرشيفي 25');
    await context.close();
  });

  it('answers an unknown section with the not-found page and HTTP 404', async () => {
    const { context, page, status } = await open('/category/no-such-section');
    expect(status).toBe(404);
    expect(await page.getByTestId('not-found').count()).toBe(1);
    await context.close();
  });
});

describe('article page', () => {
  it('carries the head tags in the raw server HTML, for crawlers that run no JavaScript', async () => {
    const [article] = await dbQuery<{ id: number; title: string }>(
      "select id, title from news where status = 'published' and image_url like '/media/%' order by published_at desc limit 1",
    );
    const res = await fetch(`${baseUrl()}/news/${article!.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const meta = (attr: string, key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];
    expect(html).toContain(`<title>${article!.title} | صحيفة</title>`);
    expect(meta('name', 'description')).toBeTruthy();
    expect(html).toContain(`<link rel="canonical" href="${baseUrl()}/news/${article!.id}">`);
    expect(meta('property', 'og:type')).toBe('article');
    expect(meta('property', 'og:url')).toBe(`${baseUrl()}/news/${article!.id}`);
    expect(meta('property', 'og:title')).toContain(article!.title);
    expect(meta('property', 'og:image')).toMatch(new RegExp(`^${baseUrl()}/media/[0-9a-f-]{36}/og\\.jpg$`));
    expect(meta('property', 'og:image:width')).toBe('1200');
    expect(meta('property', 'og:image:height')).toBe('630');
    expect(meta('property', 'og:site_name')).toBe('صحيفة');
    expect(meta('property', 'og:locale')).toBe('ar_AR');
    expect(meta('name', 'twitter:card')).toBe('summary_large_image');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld).toMatchObject({ '@type': 'NewsArticle', headline: article!.title, inLanguage: 'ar' });
    expect(html).toContain(article!.title);
    const og = await fetch(meta('property', 'og:image')!);
    expect(og.headers.get('content-type')).toBe('image/jpeg');
  });

  it('shows the article, counts one view per opening, and copies its link', async () => {
    const [row] = await dbQuery<{ id: number; views: number; title: string }>(
      "select n.id, coalesce(v.views, 0)::int views, n.title from news n left join news_views v on v.news_id = n.id where n.status = 'published' order by n.id limit 1",
    );
    const { context, page } = await open(`/news/${row!.id}`, { clipboard: true });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(row!.title);
    await expect.poll(async () => await viewsOf(row!.id), { timeout: 5000 }).toBe(row!.views + 1);
    // Shown with its thousands grouped (1,234): compared by its digits.
    await expect
      .poll(async () => (await page.getByTestId('article-views').textContent())?.replace(/\D/g, ''))
      .toBe(String(row!.views + 1));
    expect(await page.getByText('العودة للرئيسية').count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'أخبار مرتبطة' }).count()).toBe(1);
    expect(await page.locator('#related-heading + div article').count()).toBeGreaterThan(0);
    // The share buttons come alive just after the page (a lazy part).
    await page.locator('[aria-label="مشاركة الخبر"][data-ready]').waitFor();
    await page.getByTestId('copy-link').click();
    await expect.poll(() => page.getByTestId('copy-link').textContent()).toBe('تم النسخ');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}/news/${row!.id}`);
    await expect.poll(() => page.getByTestId('copy-link').textContent(), { timeout: 4000 }).toBe('نسخ الرابط');
    expect(await viewsOf(row!.id)).toBe(row!.views + 1);
    await context.close();
  });

  it('stays still while it comes alive on a slow phone: nothing on the page moves (no layout shift)', async () => {
    const [a] = await dbQuery<{ id: number }>(
      `select id from news where status = 'published' and published_at <= now() and image_url is not null
         order by published_at desc limit 1`,
    );
    const { context, page } = await newPage(browser, { width: 412, height: 823 });
    await context.addInitScript(() => {
      const w = window as unknown as { shifts: { value: number; nodes: string[] }[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources: { node?: Node }[];
        })[])
          w.shifts.push({ value: e.value, nodes: e.sources.map((s) => s.node?.nodeName ?? '?') });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // A phone four times slower than this machine (as Lighthouse's mobile profile): the page's own code and its later
    // parts (the share buttons) arrive while it is already shown.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`/news/${a!.id}`, { waitUntil: 'networkidle' });
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.locator('[aria-label="مشاركة الخبر"][data-ready]').waitFor();
    await page.waitForTimeout(1000);
    // Cumulative layout shift as Lighthouse reports it (to three decimals): 0.000. (A font arriving may nudge a word by
    // a fraction of a pixel, some 0.00006; the share buttons dropped and put back were 0.055.)
    const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number }[] }).shifts);
    expect(
      shifts.reduce((sum, s) => sum + s.value, 0),
      JSON.stringify(shifts),
    ).toBeLessThan(0.0005);
    await context.close();
  });

  it('shows the not-found texts for a missing article, with HTTP 404', async () => {
    const { context, page, status } = await open('/news/999999');
    expect(status).toBe(404);
    expect(await page.getByRole('heading', { name: 'الخبر غير موجود' }).count()).toBe(1);
    expect(await page.getByText('عذراً، الخبر الذي تبحث عنه غير موجود أو تم حذفه.').count()).toBe(1);
    await context.close();
  });
});

it('answers an unknown path with the 404 page and HTTP 404', async () => {
  const { context, page, status } = await open('/this/does/not/exist');
  expect(status).toBe(404);
  expect(await page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }).count()).toBe(1);
  expect(await page.getByRole('link', { name: 'العودة للرئيسية' }).count()).toBe(1);
  const text = await page.locator('body').textContent();
  expect(text).not.toContain('Not Found');
  expect(text).not.toContain('routes.tsx');
  await context.close();
});

it('keeps the chosen theme across a reload', async () => {
  const { context, page } = await open('/');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  await page.getByTestId('theme-toggle').click();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await page.reload({ waitUntil: 'networkidle' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await context.close();
});

describe('newsletter', () => {
  it('asks for the missing fields, then stores a valid sign-up', async () => {
    const { context, page } = await open('/');
    const box = page.locator('section[aria-labelledby="newsletter-heading"]');
    await box.getByRole('button', { name: 'اشترك الآن' }).click();
    await expect.poll(() => page.getByText('خطأ في النموذج').count()).toBe(1);
    expect(await box.getByText('الاسم الكامل مطلوب').count()).toBe(1);
    expect(await box.getByText('البريد الإلكتروني مطلوب').count()).toBe(1);
    await box.getByLabel('الاسم الكامل').fill('سالم القارئ');
    // Fixed fields lose their message at once; a bad address gets its own message next to it.
    expect(await box.getByText('الاسم الكامل مطلوب').count()).toBe(0);
    await box.getByLabel('البريد الإلكتروني').fill('salem@');
    await box.getByRole('button', { name: 'اشترك الآن' }).click();
    await expect.poll(() => box.locator('#nl-email-error').textContent()).toContain('البريد الإلكتروني غير صالح');
    expect(await box.getByLabel('البريد الإلكتروني').getAttribute('aria-invalid')).toBe('true');
    const email = `reader-${Date.now()}@example.ly`;
    await box.getByLabel('البريد الإلكتروني').fill(email);
    expect(await box.locator('#nl-email-error').count()).toBe(0);
    await box.getByRole('button', { name: 'اشترك الآن' }).click();
    await expect.poll(() => page.getByText('تم الاشتراك بنجاح').count()).toBe(1);
    const rows = await dbQuery('select full_name from newsletter_subscribers where email = $1', [email]);
    expect(rows).toEqual([{ full_name: 'سالم القارئ' }]);
    await context.close();
  });
});

describe('search', () => {
  it.each([
    ['اجراءات', 'ليبيا وتونس تتفقان على إجراءات'],
    ['مدرسه جديده', 'افتتاح مدرسة جديدة'],
  ])('finds "%s" in the article that spells it "%s"', async (query, expected) => {
    const { context, page } = await open('/');
    const box = page.getByRole('search').first();
    await box.getByRole('searchbox').fill(query);
    await box.getByRole('searchbox').press('Enter');
    await expect.poll(() => page.url()).toContain('/search?q=');
    await expect.poll(() => page.locator('main ol li').first().textContent()).toContain(expected);
    expect(await page.locator('main mark').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('says when nothing matches', async () => {
    const { context, page } = await open(`/search?q=${encodeURIComponent('كلمةغيرموجودةأبدا')}`);
    expect(await page.getByText('لا توجد نتائج').count()).toBe(1);
    await context.close();
  });

  it('keeps a Latin query isolated from the Arabic around it', async () => {
    const query = 'COVID-19 https://example.com';
    const { context, page } = await open(`/search?q=${encodeURIComponent(query)}`);
    expect(await page.locator('h1 bdi').textContent()).toBe(query);
    expect(await page.locator('[role=status] bdi').textContent()).toBe(query);
    await context.close();
  });

  it('gives a phone reader a search box on the empty search page itself', async () => {
    const { context, page } = await open('/search', { width: 360 });
    const box = page.locator('#search-page-q');
    expect(await box.isVisible()).toBe(true);
    await box.fill('ابراهيم');
    await box.press('Enter');
    await expect.poll(() => page.url()).toContain(`/search?q=${encodeURIComponent('ابراهيم')}`);
    await expect.poll(() => page.getByTestId('search-total').count()).toBe(1);
    // The header's box has a visible focus ring.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('header input[type=search]').first().focus();
    const ring = await page
      .locator('header form[role=search]')
      .first()
      .evaluate((el) => getComputedStyle(el).boxShadow);
    expect(ring).not.toBe('none');
    await context.close();
  });
});

describe('screenshots', () => {
  // Every reader page at a 360 px phone and a 1366 px desktop, light and dark: about 28 full pages, a minute or two
  // here, three times that on a busy machine.
  it('saves every reader page at phone and desktop widths, light and dark', { timeout: 360_000 }, async () => {
    const [row] = await dbQuery<{ id: number; tag: string; author: string }>(
      `select n.id, t.slug as tag, a.username as author from news n
       join news_tags nt on nt.news_id = n.id join tags t on t.id = nt.tag_id
       join news_authors na on na.news_id = n.id join admins a on a.id = na.admin_id
       where n.status = 'published' order by n.published_at desc limit 1`,
    );
    for (const [name, path] of [
      ['home', '/'],
      ['category', '/category/libya'],
      ['article', `/news/${row!.id}`],
      ['search', `/search?q=${encodeURIComponent('طرابلس')}`],
      ['tag', `/tag/${encodeURIComponent(row!.tag)}`],
      ['author', `/author/${encodeURIComponent(row!.author)}`],
      ['not-found', '/no-such-page'],
    ] as const) {
      for (const [width, height] of [
        [360, 780],
        [1366, 900],
      ] as const) {
        for (const dark of [false, true]) {
          const { context, page } = await open(path, { width, height, dark });
          await screenshot(page, `${name}-${width}-${dark ? 'dark' : 'light'}`);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${name} at ${width}px spills sideways`).toBeLessThanOrEqual(0);
          await context.close();
        }
      }
    }
  });
});
