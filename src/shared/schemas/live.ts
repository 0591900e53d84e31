/**
 * Live coverage (تغطية مباشرة): an article whose story unfolds as short timestamped entries, newest first. The
 * contract of the reader's page and poll and of the newsroom's live desk.
 *
 * Every change to a coverage (an entry posted, edited or deleted, a pin, the coverage ending) takes the coverage's
 * next sequence number (`seq`). Readers poll one shared, cacheable URL that lists the latest changes; each keeps
 * the `seq` it has and applies the changes after it. A deleted entry travels as a tombstone, never as a gap.
 */
import { z } from 'zod';
import { decimalInt } from './common';
import { LIVE_STATES, linkCardSource } from '../live';
import { cursorParam } from './news';

// The states, their labels and the link-card hosts live in ../live (no zod: the reader's coverage page uses them).
export { LIVE_STATES, LIVE_STATE_LABELS, LINK_CARD_HOSTS, linkCardSource, type LiveState } from '../live';

/** Entries a page shows at first and each «تحميل المزيد» adds. */
export const LIVE_PAGE_SIZE = 20;
/** Changes each poll answer carries; a reader further behind reloads the first page instead. */
export const LIVE_POLL_WINDOW = 50;
/** Longest entry body, in characters of stored HTML. */
export const LIVE_BODY_MAX = 20_000;
export const LIVE_KEY_EVENT_MAX = 80;
export const LIVE_CAPTION_MAX = 300;

export const liveAuthor = z.object({ username: z.string(), fullName: z.string() });

export const liveEntry = z.object({
  id: z.number().int(),
  /** Starts at 1; every edit adds one (an edit names the version it started from). */
  version: z.number().int(),
  /** The coverage's change number of this entry's last change. */
  seq: z.number().int(),
  /** Sanitised HTML (the article rules): paragraphs, bold, links, lists. */
  body: z.string(),
  imageUrl: z.string().nullable(),
  imageCaption: z.string(),
  /** A YouTube or X address, shown as a link card. */
  embedUrl: z.string().nullable(),
  /** The short label of a key event (حدث بارز), or null. */
  keyEvent: z.string().nullable(),
  pinned: z.boolean(),
  /** Who wrote it, then who edited it. */
  authors: z.array(liveAuthor),
  createdAt: z.string(),
  updatedAt: z.string(),
  deleted: z.literal(false),
});
export type LiveEntry = z.infer<typeof liveEntry>;

export const liveTombstone = z.object({
  id: z.number().int(),
  version: z.number().int(),
  seq: z.number().int(),
  deleted: z.literal(true),
});
export type LiveTombstone = z.infer<typeof liveTombstone>;

export const liveChange = z.discriminatedUnion('deleted', [liveEntry, liveTombstone]);
export type LiveChange = z.infer<typeof liveChange>;

export const liveKeyEvent = z.object({ id: z.number().int(), label: z.string(), createdAt: z.string() });
export type LiveKeyEvent = z.infer<typeof liveKeyEvent>;

export const liveCoverage = z.object({
  newsId: z.number().int(),
  state: z.enum(LIVE_STATES),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  pinnedId: z.number().int().nullable(),
  /** The coverage's latest change number. */
  seq: z.number().int(),
  /** When the newest entry was posted or last changed (the article's dateModified). */
  lastEntryAt: z.string().nullable(),
  entryCount: z.number().int(),
  /** Seconds between polls while the page is visible (three times as long while hidden); 0: stop polling. */
  interval: z.number().int(),
  keyEvents: z.array(liveKeyEvent),
});
export type LiveCoverage = z.infer<typeof liveCoverage>;

/** GET /api/live/:id — what the page renders first. `coverage` is null for an article that is not live coverage. */
export const liveSnapshot = z.object({
  coverage: liveCoverage.nullable(),
  pinned: liveEntry.nullable(),
  entries: z.array(liveEntry),
  /** Cursor of the next older page, or null. */
  next: z.string().nullable(),
});
export type LiveSnapshot = z.infer<typeof liveSnapshot>;

/** GET /api/live/:id/entries?before= — an older page («تحميل المزيد»), by creation time: arrivals never shift it. */
export const liveEntriesQuery = z.object({ before: cursorParam });
export const liveEntriesPage = z.object({ entries: z.array(liveEntry), next: z.string().nullable() });
export type LiveEntriesPage = z.infer<typeof liveEntriesPage>;

/**
 * GET /api/live/:id/updates — the shared poll: the coverage and its latest changes, oldest first, covering the
 * change numbers after `since` up to `coverage.seq`. A reader whose seq is below `since` reloads the first page.
 */
export const liveUpdates = z.object({
  coverage: liveCoverage,
  since: z.number().int(),
  changes: z.array(liveChange),
});
export type LiveUpdates = z.infer<typeof liveUpdates>;

/** The cursor after an entry, for the page that follows it. */
export const liveCursorAfter = (e: { createdAt: string; id: number }) => `${e.createdAt}~${e.id}`;

// The live desk (admin)

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^https?:\/\//i.test(v), 'أدخل رابطاً يبدأ بـ https://');
/** An image from our media library (or any https address). */
const imageRef = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), 'رابط الصورة غير صالح');

const entryFields = {
  body: z.string().max(LIVE_BODY_MAX, 'التحديث أطول من المسموح'),
  imageUrl: imageRef.nullable().default(null),
  imageCaption: z.string().trim().max(LIVE_CAPTION_MAX, `تعليق الصورة ${LIVE_CAPTION_MAX} حرف على الأكثر`).default(''),
  embedUrl: httpUrl
    .refine((v) => linkCardSource(v) !== null, 'الرابط المضمّن يكون من يوتيوب أو إكس')
    .nullable()
    .default(null),
  keyEvent: z
    .string()
    .trim()
    .max(LIVE_KEY_EVENT_MAX, `عنوان الحدث البارز ${LIVE_KEY_EVENT_MAX} حرفاً على الأكثر`)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
};
/** An entry says something: text, a picture or a link. */
const saysSomething = (v: { body: string; imageUrl: string | null; embedUrl: string | null }) =>
  v.body.replace(/<[^>]*>/g, '').trim().length > 0 || !!v.imageUrl || !!v.embedUrl;
const emptyEntry = { message: 'اكتب نص التحديث', path: ['body'] };

export const liveEntryInput = z.object(entryFields).refine(saysSomething, emptyEntry);
export type LiveEntryInput = z.input<typeof liveEntryInput>;

/** An edit names the version it started from (409 when someone else changed the entry since). */
export const liveEntryUpdate = z
  .object({ ...entryFields, version: z.number().int().min(1) })
  .refine(saysSomething, emptyEntry);
export type LiveEntryUpdate = z.input<typeof liveEntryUpdate>;

export const liveStart = z.object({ newsId: z.number().int().min(1) });
export const liveStateInput = z.object({ state: z.enum(LIVE_STATES) });
export const livePinInput = z.object({ entryId: z.number().int().min(1).nullable() });
export const liveEntryParams = z.object({
  id: decimalInt(1, 2_147_483_647),
  entryId: decimalInt(1, 2_147_483_647),
});
export const liveDeskQuery = z.object({ since: decimalInt(0, 2_147_483_647).default(0) });

/** A coverage in the newsroom's list. */
export const adminLiveCoverage = z.object({
  newsId: z.number().int(),
  title: z.string(),
  status: z.string(),
  state: z.enum(LIVE_STATES),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  entryCount: z.number().int(),
  lastEntryAt: z.string().nullable(),
  /** May this staff member post to it (writers: coverage they write; editors: all). */
  canPost: z.boolean(),
});
export type AdminLiveCoverage = z.infer<typeof adminLiveCoverage>;

/**
 * The live desk: the coverage and its entries. Without `since` (0), every entry (newest first); with it, only the
 * changes after it, tombstones included, so the desk's stream updates itself as colleagues post.
 */
export const liveDesk = z.object({
  coverage: adminLiveCoverage.extend({ pinnedId: z.number().int().nullable(), seq: z.number().int() }),
  changes: z.array(liveChange),
});
export type LiveDesk = z.infer<typeof liveDesk>;
