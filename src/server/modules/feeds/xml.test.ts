import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { sitemapIndexXml, xmlDocument, xmlText } from './xml';

describe('the sitemap index written directly', () => {
  it('is the document the XML builder writes, escaping included', () => {
    const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    const locs = [
      'https://sahifa.ly/sitemaps/pages.xml',
      'https://sahifa.ly/sitemaps/news-2026-11.xml',
      'https://x.ly/?a=1&b=<2>\'"\u0001',
    ];
    const direct = sitemapIndexXml(ns, locs);
    const built = xmlDocument({ sitemapindex: { '@_xmlns': ns, sitemap: locs.map((loc) => ({ loc: xmlText(loc) })) } });
    expect(XMLValidator.validate(direct)).toBe(true);
    expect(direct).toBe(built);
    expect(direct).not.toContain('\u0001'); // a character XML 1.0 cannot carry is dropped
  });
});
