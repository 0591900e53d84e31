import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbQuery, launch, newPage, openReader } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('accessibility (axe-core): no serious or critical violation', () => {
  const pages = async () => {
    const [row] = await dbQuery<{ id: number }>(
      "select id from news where status = 'published' order by published_at desc limit 1",
    );
    return [
      ['home', '/'],
      ['category', '/category/economy'],
      ['article', `/news/${row!.id}`],
      ['search', `/search?q=${encodeURIComponent('طرابلس')}`],
      ['not found', '/no/such/page'],
    ] as const;
  };

  for (const dark of [false, true]) {
    it(`in the ${dark ? 'dark' : 'light'} theme`, async () => {
      const problems: string[] = [];
      for (const [name, path] of await pages()) {
        const { context, page } = await newPage(browser, { dark });
        await openReader(page, path);
        const result = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
          problems.push(
            `${name}: ${v.id} (${v.impact}) at ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(' | ')}`,
          );
        }
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }

  it('lets a keyboard user operate the ticker and the section tabs', async () => {
    const { context, page } = await newPage(browser);
    await openReader(page, '/');
    const next = page.getByTestId('ticker-breaking').getByRole('button', { name: 'الخبر التالي' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('ticker-breaking').getByTestId('ticker-counter').textContent())
      .toMatch(/^2\//);
    await page.getByRole('tab', { name: 'الرئيسية' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.url()).toContain('?category=libya');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('ليبيا');
    await context.close();
  });
});
