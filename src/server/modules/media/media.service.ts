/**
 * The media library. An upload is one image (JPEG, PNG, GIF or WebP, judged by its content, not its name), at most
 * 10 MB, stored re-encoded as WebP at several widths plus a share image, without its metadata (no GPS position ever
 * reaches readers); its caption, credit and source are filled in from its IPTC/XMP/EXIF fields (media.metadata.ts).
 * SVG and everything else are refused. A row exists only with its files: files are written first (all or none) and
 * removed again if the row cannot be written; a delete removes the row, then the files.
 *
 * Rules chosen where the brief is silent:
 * - Everyone who writes may upload and describe pictures they uploaded; editors and admins describe any picture and
 *   delete pictures nobody uses.
 * - An article is published (or scheduled) only when every library picture it shows has its alt text; an alt text is
 *   not emptied while a published or scheduled article shows the picture.
 * - Changing what readers are told about a picture (alt, caption, credit, source, focal point) drops the cached pages
 *   of every article that shows it, and choosing a focal point cuts a new share image around it.
 */
import sharp from 'sharp';
import { can } from '../../../shared/permissions';
import { mediaUrl, ogFileName, ownMediaFile } from '../../../shared/media';
import { MEDIA_ID, mediaIdsInBody } from '../../../shared/media-blocks';
import type { MediaListQuery, MediaUpdateInput } from '../../../shared/schemas/media';
import type { PageQuery } from '../../../shared/schemas/common';
import { tripoliInstant, addDays } from '../../../shared/dates';
import type { Executor, Tx } from '../../db/client';
import { tag } from '../../lib/cache-tags';
import { pageOf, type Page } from '../../lib/paging';
import type { Writer, Actor } from '../../lib/write';
import type { Role } from '../../../shared/permissions';
import { mediaErrors } from './media.errors';
import { readPrefill } from './media.metadata';
import type { MediaListRow, MediaMeta, MediaRepository } from './media.repository';
import { renderFocusedOg, renderImage } from './media.storage';
import { CONTENT_TYPES, type MediaStore } from './media.store';
/**
 * 40 megapixels (a 7,700 × 5,200 photograph): a small file can describe a huge canvas (a 47 KB PNG of 7,000 × 7,000
 * took three seconds of CPU), so the pixel count is checked from the header before anything is decoded.
 */
export const MAX_UPLOAD_PIXELS = 40_000_000;
const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp']);
const SHOWN_STATES = new Set(['published', 'scheduled']);

export type Staff = Actor & { id: number; role: Role; fullName: string };

/** The library ids an article shows: its picture and every block or picture of its body. */
export function mediaIdsOf(imageUrl: string | null | undefined, content: string): string[] {
  const ids = new Set(mediaIdsInBody(content));
  const main = imageUrl ? ownMediaFile(imageUrl)?.id : undefined;
  // Only a well-formed id reaches the database's uuid columns (the address's own pattern is looser).
  if (main && MEDIA_ID.test(main)) ids.add(main);
  return [...ids];
}

export function mediaService(deps: {
  repo: MediaRepository;
  write: Writer;
  store: MediaStore;
  now: () => Date;
  log?: { warn: (o: object, m: string) => void };
}) {
  const { repo, write, store, now } = deps;

  /** Reads the 1200-wide rendition back from the store (a new share image is cut from it). */
  async function rendition(id: string): Promise<Buffer> {
    const obj = await store.get(id, `${1200}.webp`);
    if (!obj) throw mediaErrors.notFound();
    const chunks: Buffer[] = [];
    for await (const chunk of obj.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  return {
    async upload(actor: Actor, buffer: Buffer, filename: string) {
      if (buffer.length === 0) throw mediaErrors.empty();
      // The header alone (no pixel is decoded): type and size are judged before any real work.
      const meta = await Promise.resolve()
        .then(() => sharp(buffer).metadata())
        .catch(() => undefined);
      const format = meta?.format;
      if (!format || !ACCEPTED.has(format)) throw mediaErrors.wrongType();
      if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_UPLOAD_PIXELS) throw mediaErrors.tooManyPixels();
      let rendered: Awaited<ReturnType<typeof renderImage>>;
      try {
        rendered = await renderImage(buffer);
      } catch {
        throw mediaErrors.unreadable();
      }
      const prefill = await readPrefill(buffer);
      const { image: stored, files } = rendered;
      try {
        await store.putImage(stored.id, files);
      } catch (err) {
        deps.log?.warn({ err, driver: store.kind }, 'media storage refused an upload');
        throw mediaErrors.storageUnavailable();
      }
      const name = filename.slice(0, 200);
      try {
        await write(actor, async (tx) => {
          await repo.insert(
            {
              id: stored.id,
              originalName: name,
              sourceType: format,
              width: stored.width,
              height: stored.height,
              widths: stored.widths,
              bytes: stored.bytes,
              ...prefill,
              createdBy: actor.id,
              createdAt: now(),
            },
            tx,
          );
          return {
            value: undefined,
            audit: { action: 'create', entity: 'media', entityId: stored.id, details: { name } },
            tags: [],
          };
        });
      } catch (err) {
        // No files without their row.
        await store.deleteImage(stored.id).catch(() => {});
        throw err;
      }
      return (await repo.find(stored.id))!;
    },

    async page(filter: Omit<MediaListQuery, 'page' | 'pageSize'>, q: PageQuery): Promise<Page<MediaListRow>> {
      const tsquery = filter.q ? await repo.searchQuery(filter.q) : undefined;
      // Words that fold to nothing searchable (only stop words, punctuation) find nothing rather than everything.
      if (filter.q && !tsquery) return pageOf([], q, { total: 0, exact: true });
      const { rows, ...count } = await repo.page(
        {
          tsquery: tsquery ?? undefined,
          uploader: filter.uploader,
          // Days are Tripoli's: from the first one's midnight to the midnight after the last one.
          from: filter.from ? tripoliInstant(filter.from, '00:00') : undefined,
          to: filter.to ? tripoliInstant(addDays(filter.to, 1), '00:00') : undefined,
        },
        q,
      );
      return pageOf(rows, q, count);
    },

    async get(id: string): Promise<MediaListRow> {
      const row = await repo.find(id);
      if (!row) throw mediaErrors.notFound();
      return row;
    },

    uploaders: () => repo.uploaders(),

    /** What readers are told about these images (figures, galleries, cards), by id. */
    metaOf: (ids: string[], ex?: Executor): Promise<Map<string, MediaMeta>> => repo.metaOf(ids, ex),

    /**
     * Alt, caption, credit, source and focal point. Writers describe their own uploads; an alt text stays while a
     * published or scheduled article shows the picture. A new focal point gets its own share image first.
     */
    async update(actor: Staff, id: string, input: MediaUpdateInput): Promise<MediaListRow> {
      const before = await repo.find(id);
      if (!before) throw mediaErrors.notFound();
      if (!can(actor.role, 'news.publish') && before.createdBy !== actor.id) throw mediaErrors.notYours();
      const focusChanged = before.focusX !== input.focusX || before.focusY !== input.focusY;
      if (focusChanged && input.focusX !== null && input.focusY !== null) {
        const name = ogFileName(input);
        if (!(await store.has(id, name).catch(() => false))) {
          try {
            const og = await renderFocusedOg(await rendition(id), input.focusX, input.focusY);
            await store.putFile(id, { name, body: og, contentType: CONTENT_TYPES.jpg });
          } catch (err) {
            deps.log?.warn({ err, id }, 'could not cut a share image around the focal point');
            throw mediaErrors.storageUnavailable();
          }
        }
      }
      await write(actor, async (tx) => {
        const row = await repo.findForUpdate(id, tx);
        if (!row) throw mediaErrors.notFound();
        const articles = await repo.articlesUsing(id, tx);
        if (!input.alt && row.alt) {
          const shown = articles.filter((a) => SHOWN_STATES.has(a.status));
          if (shown.length) throw mediaErrors.altStillNeeded(shown);
        }
        await repo.update(id, { ...input, updatedAt: now(), updatedBy: actor.id }, tx);
        const changes = Object.fromEntries(
          (['alt', 'caption', 'credit', 'source', 'focusX', 'focusY'] as const)
            .filter((k) => row[k] !== input[k])
            .map((k) => [k, input[k]]),
        );
        return {
          value: undefined,
          audit: { action: 'update', entity: 'media', entityId: id, details: { name: row.originalName, ...changes } },
          // Every article that shows the picture shows what changed (its page, and the lists with its card).
          tags: articles.map((a) => tag.article(a.id)),
        };
      });
      return (await repo.find(id))!;
    },

    /** Deletes an image nothing uses (409 with the list of what does), then its files. */
    async remove(actor: Actor, id: string): Promise<void> {
      await write(actor, async (tx) => {
        const row = await repo.findForUpdate(id, tx);
        if (!row) throw mediaErrors.notFound();
        const used = await repo.usedBy(id, tx);
        if (used.articles.length || used.staff.length || used.campaigns.length) throw mediaErrors.inUse(used);
        await repo.delete(id, tx);
        return {
          value: undefined,
          audit: { action: 'delete', entity: 'media', entityId: id, details: { name: row.originalName } },
          tags: [],
        };
      });
      // After the commit: if this fails the files stay as unreferenced leftovers, never a row without its files.
      await store.deleteImage(id).catch((err) => deps.log?.warn({ err, id }, 'media files left after a delete'));
    },

    /**
     * For the newsroom: publishing needs an alt text on every library picture the article shows (400 naming the
     * pictures that lack one; the article's own picture answers on its field).
     */
    async requireAlt(imageUrl: string | null, content: string, ex: Executor): Promise<void> {
      const ids = mediaIdsOf(imageUrl, content);
      const meta = await repo.metaOf(ids, ex);
      const missing = ids.flatMap((id) => {
        const m = meta.get(id);
        return m && !m.alt.trim() ? [id] : [];
      });
      if (!missing.length) return;
      const names = await repo.namesOf(missing, ex);
      throw mediaErrors.altMissing(
        missing.map((id) => ({ id, name: names.get(id) ?? id, main: !!imageUrl && id === ownMediaFile(imageUrl)?.id })),
      );
    },

    /** For the newsroom and the live desk: records which library pictures the article now shows. */
    syncUses: (newsId: number, imageUrl: string | null, content: string, tx: Tx) =>
      repo.setUses(newsId, mediaIdsOf(imageUrl, content), tx),

    /** The same, read from the stored article (the live desk's entries change what a coverage shows). */
    async syncUsesOf(newsId: number, tx: Tx): Promise<void> {
      const row = await repo.articleMedia(newsId, tx);
      if (row) await repo.setUses(newsId, mediaIdsOf(row.imageUrl, row.content), tx);
    },

    /** The stored path of an image's largest rendition (what an article's picture field keeps). */
    urlOf: (id: string) => mediaUrl(id, 1200),
  };
}
export type MediaService = ReturnType<typeof mediaService>;
