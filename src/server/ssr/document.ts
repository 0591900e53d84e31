/** The HTML document around a rendered reader page: head tags for people, crawlers and share previews. */
import { createHash } from 'node:crypto';
import type { PageMeta } from '../../client/app/routes';
import type { PublicSettings } from '../../shared/schemas/settings';
import type { LiveCoverage, LiveSnapshot } from '../../shared/schemas/live';
import { htmlText } from '../modules/news/sanitize-html';
import { THEME_BOOT_SCRIPT } from '../../client/lib/theme';
import type { ClientAssets } from './assets';
import { THEME_COLOURS } from '../lib/brand';
import { PAGE_DATA_ID } from '../../shared/constants';

/**
 * Loads the reader app once the page has painted: the server's HTML is a whole page, so on a slow phone the text is
 * readable before a byte of script is fetched or run (Lighthouse mobile: FCP 1.9 s → 1.3 s on an article). The files
 * (the entry and what it imports, fetched together) are named by <meta name="sahifa-app">, so this script never
 * changes and the CSP allows it by hash. A page opened in a background tab loads them at once (it does not paint).
 */
export const APP_LOADER = `(function(){var m=document.querySelector('meta[name=sahifa-app]');if(!m)return;var f=m.content.split(' ');function go(){for(var i=1;i<f.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.href=f[i];document.head.appendChild(l)}var s=document.createElement('script');s.type='module';s.src=f[0];document.head.appendChild(s)}if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})();`;

/** A CSP source naming one inline script or <style> by its content. */
export const contentHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
export const THEME_SCRIPT_HASH = contentHash(THEME_BOOT_SCRIPT);
export const APP_LOADER_HASH = contentHash(APP_LOADER);

/** The page's stylesheet as it is inlined in <style> (nothing inside can close the element); the CSP names it by hash. */
export const inlineStyleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script>: "<" escaped so no text can close the element. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const absolute = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

/** The newsroom's logo (a square PNG, site.public.routes.ts): Google's publisher and Organization logo. */
export const LOGO = { path: '/logo.png', size: 512 } as const;
/** The browser tab's icon: the manifest's smallest PNG (modules/pwa), drawn from the same mark as /favicon.svg. */
export const FAVICON_LINK = '<link rel="icon" href="/icons/icon-48.png" sizes="48x48" type="image/png">';

/** Google shows a headline of up to 110 characters. */
export const HEADLINE_MAX = 110;

/**
 * A headline for structured data: whole when it fits, else cut at the last word boundary that leaves room for «…»
 * (never inside a word; a single word longer than the limit is cut at the limit).
 */
export function shortHeadline(text: string, max: number = HEADLINE_MAX): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  const head = chars.slice(0, max - 1).join('');
  // The boundary just before the first character that does not fit is a boundary too.
  const fits = /\s/.test(chars[max - 1]!) ? head : head.replace(/\s+\S*$/u, '');
  const cut = (fits || head).replace(/[\s\p{P}]+$/u, '');
  return `${cut}…`;
}

function organization(origin: string, settings: PublicSettings) {
  return {
    '@type': 'NewsMediaOrganization',
    name: settings.siteName,
    url: `${origin}/`,
    logo: {
      '@type': 'ImageObject',
      url: `${origin}${LOGO.path}`,
      width: LOGO.size,
      height: LOGO.size,
    },
  };
}

function jsonLd(meta: PageMeta, origin: string, settings: PublicSettings): object {
  const publisher = organization(origin, settings);
  if (meta.type === 'article' && meta.article) {
    const a = meta.article;
    const url = `${origin}${meta.path}`;
    // The staff named on it (each with their author page), else the newsroom itself.
    const author = a.authors.length
      ? a.authors.map((p) => ({
          '@type': 'Person',
          name: p.fullName,
          url: `${origin}/author/${encodeURIComponent(p.username)}`,
        }))
      : publisher;
    const image = meta.image ? [imageObject(absolute(origin, meta.image), meta)] : undefined;
    const article = {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: shortHeadline(a.title),
      description: meta.description,
      inLanguage: 'ar',
      mainEntityOfPage: url,
      url,
      ...(image ? { image } : {}),
      datePublished: meta.publishedTime,
      dateModified: meta.modifiedTime,
      articleSection: meta.section,
      ...(a.tags.length ? { keywords: a.tags.map((t) => t.name) } : {}),
      author,
      ...(a.byline ? { creditText: a.byline } : {}),
      publisher,
      ...correctionsOf(a),
    };
    const coverage = meta.live?.coverage;
    if (!coverage || !meta.live) return article;
    return liveBlogPosting(article, coverage, meta.live, { url, origin, image, publisher });
  }
  if (meta.type === 'profile' && meta.person) {
    const p = meta.person;
    return {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: `${origin}${meta.path}`,
      inLanguage: 'ar',
      mainEntity: {
        '@type': 'Person',
        name: p.fullName,
        ...(p.bio ? { description: p.bio } : {}),
        ...(p.avatarUrl ? { image: absolute(origin, p.avatarUrl) } : {}),
        worksFor: publisher,
      },
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: settings.siteName,
    url: `${origin}/`,
    inLanguage: 'ar',
    publisher,
  };
}

/**
 * The blocks after the page's main one: where it sits (BreadcrumbList, sections and articles) and, on the home page,
 * the newsroom itself (NewsMediaOrganization with its logo and its social accounts).
 */
function moreJsonLd(meta: PageMeta, origin: string, settings: PublicSettings): object[] {
  const blocks: object[] = [];
  if (meta.breadcrumbs?.length)
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: meta.breadcrumbs.map((c, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: c.name,
        item: `${origin}${c.path}`,
      })),
    });
  if (meta.path === '/') {
    const sameAs = Object.values(settings.social).filter((u) => /^https?:\/\//.test(u));
    blocks.push({
      '@context': 'https://schema.org',
      ...organization(origin, settings),
      ...(settings.contactEmail ? { email: settings.contactEmail } : {}),
      ...(sameAs.length ? { sameAs } : {}),
    });
  }
  return blocks;
}

/**
 * The article's picture as Google's ImageObject: the share image (1200×630, cut around the focal point) with the
 * library's caption, credit (creditText) and copyright notice (the source, else the credit).
 */
function imageObject(url: string, meta: PageMeta): object {
  const info = meta.imageInfo;
  const credit = info?.credit || info?.source;
  const notice = info?.source || info?.credit;
  return {
    '@type': 'ImageObject',
    url,
    contentUrl: url,
    width: 1200,
    height: 630,
    ...(info?.caption ? { caption: info.caption } : {}),
    ...(credit ? { creditText: credit } : {}),
    ...(notice ? { copyrightNotice: notice } : {}),
  };
}

/** Corrections and clarifications told to readers, as schema.org's `correction` (CorrectionComment). */
function correctionsOf(a: NonNullable<PageMeta['article']>): object {
  const told = a.notes.filter((n) => n.kind !== 'update');
  if (!told.length) return {};
  return {
    correction: told.map((n) => ({ '@type': 'CorrectionComment', text: n.text, datePublished: n.createdAt })),
  };
}

/** A live coverage page: LiveBlogPosting, each entry shown on the page a BlogPosting with its own #anchor. */
function liveBlogPosting(
  article: Record<string, unknown>,
  coverage: LiveCoverage,
  live: LiveSnapshot,
  ctx: { url: string; origin: string; image: object[] | undefined; publisher: object },
): object {
  const entries = live.pinned ? [live.pinned, ...live.entries.filter((e) => e.id !== live.pinned!.id)] : live.entries;
  const modified = [String(article.dateModified ?? ''), coverage.lastEntryAt ?? ''].sort().at(-1);
  return {
    ...article,
    '@type': 'LiveBlogPosting',
    dateModified: modified || article.dateModified,
    coverageStartTime: coverage.startedAt,
    ...(coverage.endedAt ? { coverageEndTime: coverage.endedAt } : {}),
    liveBlogUpdate: entries.map((e) => {
      const text = htmlText(e.body);
      return {
        '@type': 'BlogPosting',
        headline: shortHeadline(e.keyEvent || text || (article.headline as string)),
        articleBody: text,
        datePublished: e.createdAt,
        dateModified: e.updatedAt,
        url: `${ctx.url}#entry-${e.id}`,
        mainEntityOfPage: ctx.url,
        inLanguage: 'ar',
        author: e.authors.map((p) => ({
          '@type': 'Person',
          name: p.fullName,
          url: `${ctx.origin}/author/${encodeURIComponent(p.username)}`,
        })),
        ...(e.imageUrl ? { image: [absolute(ctx.origin, e.imageUrl)] } : ctx.image ? { image: ctx.image } : {}),
        publisher: ctx.publisher,
      };
    }),
  };
}

export interface DocumentInput {
  meta: PageMeta;
  settings: PublicSettings;
  origin: string;
  appHtml: string;
  queryState: unknown;
  site: unknown;
  assets: ClientAssets | undefined;
}

export function renderDocument({ meta, settings, origin, appHtml, queryState, site, assets }: DocumentInput): string {
  const canonical = meta.path === undefined ? undefined : `${origin}${meta.path}`;
  const image = absolute(origin, meta.image ?? '/og-default.png');
  const m = (attr: 'name' | 'property', key: string, value: string | undefined) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : '';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(meta.title)}</title>`,
    m('name', 'description', meta.description),
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    meta.noindex
      ? '<meta name="robots" content="noindex, follow">'
      : '<meta name="robots" content="index, follow, max-image-preview:large">',
    `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLOURS.light}">`,
    `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLOURS.dark}">`,
    m('property', 'og:url', canonical),
    m('property', 'og:type', meta.type),
    m('property', 'og:title', meta.title),
    m('property', 'og:description', meta.description),
    m('property', 'og:image', image),
    m('property', 'og:image:width', '1200'),
    m('property', 'og:image:height', '630'),
    m('property', 'og:image:alt', meta.imageAlt ?? settings.siteName),
    m('property', 'og:site_name', settings.siteName),
    m('property', 'og:locale', 'ar_AR'),
    m('property', 'article:published_time', meta.publishedTime),
    m('property', 'article:modified_time', meta.modifiedTime),
    m('property', 'article:section', meta.section),
    m('name', 'twitter:card', 'summary_large_image'),
    m('name', 'twitter:title', meta.title),
    m('name', 'twitter:description', meta.description),
    m('name', 'twitter:image', image),
    m('name', 'twitter:image:alt', meta.imageAlt ?? settings.siteName),
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(settings.siteName)}" href="/rss.xml">`,
    // The tab's icon as a small PNG: an SVG icon is drawn through a whole SVG document of its own on the page's main
    // thread (17 ms on this machine, some 70 on a slow phone, as the page comes alive).
    FAVICON_LINK,
    // Installing the site (modules/pwa): the manifest, and what iOS reads instead of it (the home-screen icon and name).
    '<link rel="manifest" href="/manifest.webmanifest">',
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">',
    m('name', 'apple-mobile-web-app-title', settings.shortName || settings.siteName),
    '<meta name="mobile-web-app-capable" content="yes">',
    '<meta name="apple-mobile-web-app-capable" content="yes">',
    '<meta name="apple-mobile-web-app-status-bar-style" content="default">',
    `<script>${THEME_BOOT_SCRIPT}</script>`,
    // The first paint waits for the page's whole HTML: its data (the JSON after the app's HTML, which the paint does
    // not need) starts where the app ends. A slow phone otherwise painted each part as it was parsed, and laid the page
    // out three or four times over while the reader watched (a trace at 4× CPU: 256 + 244 + 181 ms of style and layout
    // on the front page, against one pass of some 200); a row drawn before its last buttons arrived also moved when they
    // did. Render-blocking `<link rel="expect">` is Chromium 124+; other browsers ignore it.
    assets && !meta.scriptless ? `<link rel="expect" href="#${PAGE_DATA_ID}" blocking="render">` : '',
    // No font is preloaded: the stylesheet is inline, so the body face is known as soon as the head is read, and
    // Android has it installed (local() in fonts.css). A preload took bandwidth from the page itself (Lighthouse: FCP
    // 125 ms later) and is wasted wherever the face is installed.
    assets?.inlineCss !== undefined
      ? `<style>${inlineStyleText(assets.inlineCss)}</style>`
      : (assets?.styles ?? []).map((href) => `<link rel="stylesheet" href="${href}">`).join('\n'),
    // A page without its app (the offline page) is whole as HTML and never loads a script.
    assets && !meta.scriptless
      ? `<meta name="sahifa-app" content="${[assets.script, ...assets.preloadScripts].join(' ')}">`
      : '',
    assets && !meta.scriptless ? `<script>${APP_LOADER}</script>` : '',
    `<script type="application/ld+json">${safeJson(jsonLd(meta, origin, settings))}</script>`,
    ...moreJsonLd(meta, origin, settings).map(
      (block) => `<script type="application/ld+json">${safeJson(block)}</script>`,
    ),
  ]
    .filter(Boolean)
    .join('\n');
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
${head}
</head>
<body>
<div id="root">${appHtml}</div>
${
  meta.scriptless
    ? ''
    : `<script type="application/json" id="${PAGE_DATA_ID}">${safeJson(queryState)}</script>
<script type="application/json" id="__SITE__">${safeJson(site)}</script>
`
}</body>
</html>`;
}

/** The page readers get when the site cannot reach its data and has no earlier copy: Arabic, and it retries. */
export function renderUnavailable(assets: ClientAssets | undefined): string {
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>الخدمة غير متاحة مؤقتاً</title>
${FAVICON_LINK}
<script>${THEME_BOOT_SCRIPT}</script>
${(assets?.styles ?? []).map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
</head>
<body>
<main style="max-width:36rem;margin:4rem auto;padding:1rem;text-align:center;font-family:'Noto Naskh Arabic',Tahoma,serif;line-height:1.8">
<h1 style="font-size:1.5rem;font-weight:700">الخدمة غير متاحة مؤقتاً</h1>
<p>نعتذر، لا نستطيع عرض هذه الصفحة الآن. يرجى المحاولة بعد قليل.</p>
<p><a href="" style="color:#1d4ed8;text-decoration:underline">إعادة المحاولة</a> · <a href="/" style="color:#1d4ed8;text-decoration:underline">الصفحة الرئيسية</a></p>
</main>
</body>
</html>`;
}
