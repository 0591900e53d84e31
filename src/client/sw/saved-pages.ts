/**
 * The pages kept on the reader's device for reading offline: the home page and the last SAVED_ARTICLES_MAX articles
 * the reader opened, each with its pictures within the budget (src/shared/offline.ts). An index (newest first) says
 * what is kept, when it was saved and which pictures belong to which page; changes to it run one after another.
 */
import {
  SAVED_ARTICLES_MAX,
  SAVED_IMAGE_MAX_BYTES,
  SAVED_IMAGES_BUDGET_BYTES,
  SAVED_IMAGES_PER_ARTICLE,
} from '../../shared/offline';
import { articleImagesOf, imageIdOf, pageTitleOf, type SavedPage } from './offline-html';

export const PAGES_CACHE = 'sahifa-saved-pages-v1';
export const IMAGES_CACHE = 'sahifa-saved-images-v1';
export const SAVED_AT_HEADER = 'x-sahifa-saved-at';

interface Entry extends SavedPage {
  images: { url: string; bytes: number }[];
}
interface Index {
  pages: Entry[];
}

export function savedPages(origin: string, fetchImage: (url: string) => Promise<Response>) {
  const INDEX_KEY = `${origin}/__sahifa/saved-index.json`;
  let queue: Promise<unknown> = Promise.resolve();
  /** One change of the index at a time (two pages saved at once must not each drop the other's entry). */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  async function readIndex(): Promise<Index> {
    const res = await (await caches.open(PAGES_CACHE)).match(INDEX_KEY);
    try {
      const index = res ? ((await res.json()) as Index) : undefined;
      return index && Array.isArray(index.pages) ? index : { pages: [] };
    } catch {
      return { pages: [] };
    }
  }
  const writeIndex = async (index: Index) =>
    (await caches.open(PAGES_CACHE)).put(
      INDEX_KEY,
      new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json' } }),
    );

  /** Removes pictures no kept page names any more. */
  async function dropImages(gone: Entry[], index: Index) {
    const kept = new Set(index.pages.flatMap((p) => p.images.map((i) => i.url)));
    const images = await caches.open(IMAGES_CACHE);
    for (const url of gone.flatMap((p) => p.images.map((i) => i.url))) if (!kept.has(url)) await images.delete(url);
  }

  /** Saves what this article shows, within the per-article and per-picture limits; returns what was kept. */
  async function keepImages(html: string): Promise<Entry['images']> {
    const images = await caches.open(IMAGES_CACHE);
    const kept: Entry['images'] = [];
    for (const path of articleImagesOf(html, SAVED_IMAGES_PER_ARTICLE)) {
      const url = origin + path;
      const have = await images.match(url);
      if (have) {
        kept.push({ url, bytes: Number(have.headers.get('content-length')) || (await have.blob()).size });
        continue;
      }
      try {
        const res = await fetchImage(url);
        if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) continue;
        const body = await res.blob();
        if (body.size > SAVED_IMAGE_MAX_BYTES) continue;
        await images.put(
          url,
          new Response(body, {
            headers: { 'content-type': res.headers.get('content-type')!, 'content-length': String(body.size) },
          }),
        );
        kept.push({ url, bytes: body.size });
      } catch {
        /* offline again, or the picture is gone: the page is kept without it */
      }
    }
    return kept;
  }

  /** Within the budget of all pictures: the oldest pages give theirs up first. */
  async function fitBudget(index: Index) {
    let total = index.pages.reduce((n, p) => n + p.images.reduce((m, i) => m + i.bytes, 0), 0);
    const dropped: Entry[] = [];
    for (let i = index.pages.length - 1; i >= 0 && total > SAVED_IMAGES_BUDGET_BYTES; i--) {
      const page = index.pages[i]!;
      if (!page.images.length) continue;
      total -= page.images.reduce((m, x) => m + x.bytes, 0);
      dropped.push({ ...page });
      page.images = [];
    }
    await dropImages(dropped, index);
  }

  return {
    /**
     * After a fresh copy of a page was stored in PAGES_CACHE (by the page route's strategy): record it at the front
     * of the index, keep its pictures, and let the oldest articles past the limit go with theirs.
     */
    recordSaved: (path: string, html: string, savedAt: string) =>
      serial(async () => {
        const index = await readIndex();
        const previous = index.pages.find((p) => p.path === path);
        index.pages = index.pages.filter((p) => p.path !== path);
        const images = path === '/' ? [] : await keepImages(html);
        index.pages.unshift({ path, title: pageTitleOf(html), savedAt, images });
        const articles = index.pages.filter((p) => p.path !== '/');
        const gone = articles.slice(SAVED_ARTICLES_MAX);
        if (gone.length) {
          index.pages = index.pages.filter((p) => !gone.includes(p));
          const cache = await caches.open(PAGES_CACHE);
          for (const p of gone) await cache.delete(origin + p.path);
        }
        if (previous) gone.push(previous);
        await dropImages(gone, index);
        await fitBudget(index);
        await writeIndex(index);
      }),

    /** What is kept, newest first (the offline page's list). */
    list: async (): Promise<SavedPage[]> =>
      (await readIndex()).pages.map(({ path, title, savedAt }) => ({ path, title, savedAt })),

    /** A kept picture for an image request: the same image at the width kept, whatever width was asked for. */
    async image(url: URL): Promise<Response | undefined> {
      const id = imageIdOf(url.pathname);
      if (!id) return undefined;
      const images = await caches.open(IMAGES_CACHE);
      for (const key of await images.keys()) if (imageIdOf(new URL(key.url).pathname) === id) return images.match(key);
      return undefined;
    },
  };
}
export type SavedPages = ReturnType<typeof savedPages>;
