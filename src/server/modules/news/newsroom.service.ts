/**
 * The newsroom's work on articles: creating, saving, moving through the workflow (src/shared/news-workflow.ts),
 * autosaving, revisions and restore, who has an article open, and the scheduler's publishing. Every rule is checked
 * here on the server; the screens only hide what a role cannot do.
 *
 * - A save names the version it started from; a save over a newer version is refused (409, naming who and when).
 * - Every save that changes what the article says (title, description, body, section, image, byline, authors, tags)
 *   keeps a revision; autosaves do not. Pruning: every revision of the last REVISIONS_KEEP_DAYS days stays, older
 *   ones keep the last of each Tripoli day per article.
 * - Autosave of a draft or an article in review writes the article itself (it is not public); of a scheduled,
 *   published or unpublished one, it is kept aside for its editor (news_autosaves) until they save or discard.
 * - Bodies are sanitised when saved (SANITIZER_VERSION recorded with them) and may not be empty when published.
 * - Restoring a revision is done in the editor: it loads the revision's text for review, and only the save that
 *   follows changes anything (carrying `restoredFrom`, so the revision it keeps and the audit log say "restore").
 * - Sending a story for review records who sent it and when (the editors' review queue, oldest first).
 * - Only editors and admins credit ('news.credit'): name authors other than themselves, write the free byline. A
 *   writer's new article has the writer as its one author and no byline; their saves may send an article's authors
 *   and byline back unchanged (the editor form does every time), and are refused (403) with different ones.
 */
import {
  ACTION_TARGET,
  canDelete,
  canEdit,
  checkAction,
  isEditorRole,
  SCHEDULE_MAX_AHEAD_MS,
  type ArticleAccess,
  type NewsAction,
} from '../../../shared/news-workflow';
import { can, type Role } from '../../../shared/permissions';
import type { NewsAutosaveInput, NewsInput, NewsTransitionInput } from '../../../shared/schemas/admin';
import { PRESENCE_ACTIVE_MS, REVIEW_QUEUE_SHOWN } from '../../../shared/schemas/admin';
import type { PageQuery } from '../../../shared/schemas/common';
import type { Executor, Tx } from '../../db/client';
import { pageOf, type Page } from '../../lib/paging';
import { SYSTEM_ACTOR, type AuditAction, type Writer } from '../../lib/write';
import type { CategoriesRepository } from '../categories/categories.repository';
import type { TagsService } from '../tags/tags.service';
import type { NewsDeskRepository } from './news-desk.repository';
import { newsErrors } from './news.errors';
import type { AdminNewsFilter, AdminNewsListRow, AdminNewsRow, NewsRepository, NewsRow } from './news.repository';
import { keepRevisionOf, type NewsRevisionsRepository, type RevisionRow } from './news-revisions.repository';
import { articleTags, visibleSince } from './news.tags';
import { MAX_NESTING, nestingDepth, SANITIZER_VERSION, sanitizeArticleHtml } from './sanitize-html';
import type { NewsStatus } from '../../../shared/news-workflow';

export const REVISIONS_KEEP_DAYS = 30;
/** How many scheduled articles one scheduler pass publishes at most (the next pass takes the rest). */
const DUE_BATCH = 50;

export interface Staff {
  id: number;
  username: string;
  fullName: string;
  role: Role;
}

/** The text of an article as a save carries it (the fields a revision keeps, plus featured). */
type ArticleText = Pick<
  NewsInput,
  'title' | 'description' | 'content' | 'category' | 'imageUrl' | 'featured' | 'byline'
>;

export interface AdminNewsListFilter {
  q?: string;
  category?: string;
  status?: NewsStatus | 'all';
  author?: number;
}

/** The audit detail of a scheduled article: when it is to go live. */
const scheduledFor = (row: Pick<NewsRow, 'status' | 'publishedAt'>) =>
  row.status === 'scheduled' && row.publishedAt ? { publishAt: row.publishedAt.toISOString() } : {};

/** The media library's part in a save (media.service.ts): alt texts before publishing, and the pictures' uses. */
export interface NewsroomMedia {
  requireAlt(imageUrl: string | null, content: string, ex: Executor): Promise<void>;
  syncUses(newsId: number, imageUrl: string | null, content: string, tx: Tx): Promise<void>;
}
const GOES_OUT = new Set<NewsStatus>(['published', 'scheduled']);

export function newsroomService(deps: {
  repo: NewsRepository;
  media: NewsroomMedia;
  revisions: NewsRevisionsRepository;
  desk: NewsDeskRepository;
  categories: CategoriesRepository;
  tags: TagsService;
  write: Writer;
  now: () => Date;
}) {
  const { repo, revisions, desk, categories, tags, write, now, media } = deps;

  async function reload(id: number, ex?: Executor): Promise<AdminNewsRow> {
    const row = await repo.findById(id, ex);
    if (!row) throw newsErrors.notFound();
    return row;
  }

  async function locked(id: number, tx: Tx): Promise<NewsRow> {
    const row = await repo.lockById(id, tx);
    if (!row) throw newsErrors.notFound();
    return row;
  }

  /**
   * What the rules need to know of the staff member's tie to the article. Whether it is their own decides only for
   * writers (news-workflow.ts): for editors and admins it is not asked of the database (one round trip less on every
   * save, which under load is what a save waits for).
   */
  async function accessOf(row: NewsRow, staff: Staff, ex: Executor): Promise<ArticleAccess> {
    const own = row.authorId === staff.id || (!isEditorRole(staff.role) && (await repo.isOwn(row.id, staff.id, ex)));
    return { status: row.status, own };
  }

  async function checkVersion(row: NewsRow, version: number | undefined, ex: Executor): Promise<void> {
    if (version === undefined || version === row.version) return;
    const current = await reload(row.id, ex);
    throw newsErrors.conflict(current.updatedByName, row.updatedAt);
  }

  function checkMove(staff: Staff, action: NewsAction, access: ArticleAccess): void {
    const refusal = checkAction(staff.role, action, access);
    if (refusal === 'invalid') throw newsErrors.invalidTransition(action, access.status);
    if (refusal === 'forbidden')
      throw isEditorRole(staff.role) ? newsErrors.notYours() : newsErrors.writerCannot(action);
  }

  /**
   * The text as it will be stored: body sanitised (and not empty if it had text); the section must exist (asked only
   * when it changes: the article's own section exists, the foreign key says so).
   */
  async function cleaned(input: ArticleText, ex: Executor, current?: string) {
    if (nestingDepth(input.content) > MAX_NESTING) throw newsErrors.tooDeep();
    const content = sanitizeArticleHtml(input.content);
    if (input.content && !content.replace(/<[^>]*>/g, '').trim() && !/<(img|iframe|figure)/.test(content))
      throw newsErrors.contentEmpty();
    if (input.category !== current && !(await categories.findBySlug(input.category, ex)))
      throw newsErrors.unknownCategory();
    return {
      title: input.title,
      description: input.description,
      content,
      category: input.category,
      imageUrl: input.imageUrl || null,
      byline: input.byline,
      sanitizedWith: SANITIZER_VERSION,
    };
  }

  /** Where an action leaves the article: its state and publication time. */
  function stateFor(action: NewsAction, before: NewsRow | undefined, publishAt: string | undefined) {
    const at = now();
    const target = ACTION_TARGET[action];
    const everPublished = before?.publishedAt && before.status !== 'scheduled' ? before.publishedAt : null;
    switch (target) {
      case 'published':
        // Republishing keeps the first publication time; a scheduled article published early goes out now.
        return { status: target, publishedAt: everPublished && everPublished <= at ? everPublished : at };
      case 'scheduled': {
        const when = new Date(publishAt!);
        if (when.getTime() <= at.getTime()) throw newsErrors.scheduleInPast();
        if (when.getTime() - at.getTime() > SCHEDULE_MAX_AHEAD_MS) throw newsErrors.scheduleTooFar();
        return { status: target, publishedAt: when };
      }
      default:
        return { status: target, publishedAt: everPublished };
    }
  }

  /** Entering review (from another state) records who sent the story and when; staying in review keeps the first. */
  const submission = (before: Pick<NewsRow, 'status'> | undefined, status: NewsStatus, staff: Staff) =>
    status === 'review' && before?.status !== 'review' ? { submittedAt: now(), submittedBy: staff.id } : {};

  /** Publishing needs the whole story: a stored article may be an unfinished draft. */
  function checkComplete(row: Pick<NewsRow, 'description' | 'content' | 'imageUrl'>) {
    const missing = (
      [
        ['description', row.description.trim()],
        ['content', row.content.replace(/<[^>]*>/g, '').trim() || /<(img|iframe|figure)/.test(row.content)],
        ['imageUrl', row.imageUrl],
      ] as const
    ).flatMap(([k, v]) => (v ? [] : [k]));
    if (missing.length) throw newsErrors.incomplete(missing);
  }

  /**
   * The free-text byline without 'news.credit' (a writer): the stored one ('' for a new article), refused before
   * anything is written. The author list is checked in setLinks, where it is read anyway.
   */
  function checkByline(staff: Staff, input: Pick<NewsInput, 'byline'>, before: Pick<NewsRow, 'byline'> | undefined) {
    if (!can(staff.role, 'news.credit') && input.byline !== (before?.byline ?? '')) throw newsErrors.cannotSetByline();
  }

  async function setLinks(
    id: number,
    staff: Staff,
    input: Pick<NewsInput, 'authors' | 'tags'>,
    visibleAt: Date | null,
    tx: Tx,
    isNew: boolean,
  ): Promise<boolean> {
    let changed = false;
    if (input.authors !== undefined || isNew) {
      const wanted = [...new Set(input.authors ?? [staff.id])];
      const existing = await repo.existingStaff(wanted, tx);
      if (existing.length !== wanted.length) throw newsErrors.unknownAuthor();
      const before = isNew ? [] : await repo.authorIds(id, tx);
      // Only editors and admins name others: a writer's new article carries its writer, a saved one keeps its list.
      if (!can(staff.role, 'news.credit') && wanted.join() !== (isNew ? [staff.id] : before).join())
        throw newsErrors.cannotCreditAuthors();
      if (before.join() !== wanted.join()) {
        await repo.setAuthors(id, wanted, visibleAt, tx);
        changed = true;
      }
    }
    if (input.tags !== undefined) {
      const before = await repo.tagNames(id, tx);
      const ids = await tags.resolve(input.tags, tx);
      await repo.setTags(id, ids, visibleAt, tx);
      changed ||= before.join('\u0000') !== (await repo.tagNames(id, tx)).join('\u0000');
    }
    await repo.syncVisibility(id, visibleAt, tx);
    return changed;
  }

  /** Keeps a revision if what the article says differs from its last revision (always, for a restore: its record). */
  const keepRevision = (row: AdminNewsRow, staff: Staff | typeof SYSTEM_ACTOR, reason: string, tx: Tx, force = false) =>
    keepRevisionOf(revisions, row, { staff, reason, at: now(), force }, tx);

  /** The modification time readers see: moves when what they read changes on an article that has been public. */
  function modifiedAt(before: NewsRow, text: Awaited<ReturnType<typeof cleaned>>) {
    const changed =
      before.title !== text.title ||
      before.description !== text.description ||
      before.content !== text.content ||
      before.category !== text.category ||
      before.imageUrl !== text.imageUrl ||
      before.byline !== text.byline;
    const wasOut = before.publishedAt !== null && before.status !== 'scheduled' && before.status !== 'draft';
    return changed && wasOut ? now() : before.modifiedAt;
  }

  /** What a save or a state change returns to the write protocol: the row, its audit entries, the tags it touched. */
  const changed = (
    before: NewsRow,
    row: AdminNewsRow,
    action: NewsAction | undefined,
    linksChanged?: boolean,
    restored?: RevisionRow,
  ) => {
    const entry = (a: AuditAction, details: Record<string, unknown> = {}) => ({
      action: a,
      entity: 'news' as const,
      entityId: row.id,
      details: {
        title: row.title,
        from: before.status,
        to: row.status,
        ...scheduledFor(row),
        ...details,
      },
    });
    const restoredEntry = restored && entry('restore', { revision: restored.id, version: restored.version });
    return {
      value: row,
      audit: restoredEntry
        ? action
          ? [restoredEntry, entry(action)]
          : restoredEntry
        : entry((action ?? 'update') as AuditAction),
      tags: articleTags(before, row, now(), linksChanged),
    };
  };

  return {
    // Lists and reads
    /** The editors' review queue: the longest waiting first (a few), and how many wait in all. */
    reviewQueue: () => repo.reviewQueue(REVIEW_QUEUE_SHOWN),

    async page(filter: AdminNewsListFilter, q: PageQuery): Promise<Page<AdminNewsListRow>> {
      const f: AdminNewsFilter = {
        category: filter.category && filter.category !== 'all' ? filter.category : undefined,
        status: filter.status && filter.status !== 'all' ? filter.status : undefined,
        author: filter.author,
      };
      const text = filter.q?.trim();
      if (text) {
        const tsquery = await repo.titleQuery(text);
        f.match = tsquery ? { tsquery } : { like: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
      }
      const { rows, ...count } = await repo.page(f, q);
      return pageOf(rows, q, count);
    },

    /** An article for the editor, with this staff member's autosaved edits of it, if any (kept until saved). */
    async get(staff: Staff, id: number) {
      const [row, autosave] = await Promise.all([reload(id), desk.findAutosave(id, staff.id)]);
      return { row, autosave: autosave ?? null };
    },

    /** Any state, as readers would see it (the preview page): staff only. */
    preview: (id: number) => reload(id),

    // Writes
    create: (staff: Staff, input: NewsInput, idempotencyKey?: string) =>
      write(staff, async (tx) => {
        if (idempotencyKey) {
          const claim = await desk.claimKey(staff.id, idempotencyKey, now(), tx);
          if ('id' in claim) return { value: await reload(claim.id, tx), audit: null, tags: [] };
        }
        const action = input.action ?? (isEditorRole(staff.role) ? 'publish' : 'draft');
        checkMove(staff, action, { status: 'draft', own: true });
        checkByline(staff, input, undefined);
        const text = await cleaned(input, tx);
        const state = stateFor(action, undefined, input.publishAt);
        if (GOES_OUT.has(state.status)) await media.requireAlt(text.imageUrl, text.content, tx);
        const id = await repo.insert(
          {
            ...text,
            ...state,
            ...submission(undefined, state.status, staff),
            featured: isEditorRole(staff.role) ? input.featured : false,
            authorId: staff.id,
            at: now(),
          },
          tx,
        );
        await setLinks(
          id,
          staff,
          input,
          visibleSince({ id, ...state, category: text.category, featured: false }, now()),
          tx,
          true,
        );
        await media.syncUses(id, text.imageUrl, text.content, tx);
        if (idempotencyKey) await desk.settleKey(staff.id, idempotencyKey, id, tx);
        const row = await reload(id, tx);
        await keepRevision(row, staff, action, tx);
        return {
          value: row,
          audit: {
            action: 'create',
            entity: 'news',
            entityId: id,
            details: {
              title: row.title,
              status: row.status,
              ...scheduledFor(row),
            },
          },
          tags: articleTags(undefined, row, now()),
        };
      }),

    /** A save from the editor: the text, and optionally an action (the state wanted afterwards). */
    save: (staff: Staff, id: number, input: NewsInput) =>
      write(staff, async (tx) => {
        const before = await locked(id, tx);
        const access = await accessOf(before, staff, tx);
        await checkVersion(before, input.version, tx);
        if (input.action) checkMove(staff, input.action, access);
        if (!canEdit(staff.role, access)) throw newsErrors.notYours();
        const restored = input.restoredFrom === undefined ? undefined : await revisions.find(id, input.restoredFrom);
        if (input.restoredFrom !== undefined && !restored) throw newsErrors.revisionNotFound();
        checkByline(staff, input, before);
        const text = await cleaned(input, tx, before.category);
        const state = input.action
          ? stateFor(input.action, before, input.publishAt)
          : { status: before.status, publishedAt: before.publishedAt };
        if (GOES_OUT.has(state.status)) await media.requireAlt(text.imageUrl, text.content, tx);
        await media.syncUses(id, text.imageUrl, text.content, tx);
        await repo.update(
          id,
          {
            ...text,
            ...state,
            ...submission(before, state.status, staff),
            featured: isEditorRole(staff.role) ? input.featured : before.featured,
            modifiedAt: modifiedAt(before, text),
            updatedAt: now(),
            updatedBy: staff.id,
          },
          tx,
        );
        const after = { ...before, ...state, category: text.category };
        const linksChanged = await setLinks(id, staff, input, visibleSince(after, now()), tx, false);
        await desk.dropAutosave(id, staff.id, tx);
        const row = await reload(id, tx);
        await keepRevision(row, staff, restored ? 'restore' : (input.action ?? 'save'), tx, !!restored);
        return changed(before, row, input.action, linksChanged, restored);
      }),

    /** A state change without the text (the list's and the editor's buttons). */
    transition: (staff: Staff, id: number, input: NewsTransitionInput) =>
      write(staff, async (tx) => {
        const before = await locked(id, tx);
        const access = await accessOf(before, staff, tx);
        await checkVersion(before, input.version, tx);
        checkMove(staff, input.action, access);
        if (input.action === 'publish' || input.action === 'schedule') {
          checkComplete(before);
          await media.requireAlt(before.imageUrl, before.content, tx);
        }
        const state = stateFor(input.action, before, input.publishAt);
        await repo.update(
          id,
          { ...state, ...submission(before, state.status, staff), updatedAt: now(), updatedBy: staff.id },
          tx,
        );
        await repo.syncVisibility(id, visibleSince({ ...before, ...state }, now()), tx);
        const row = await reload(id, tx);
        await keepRevision(row, staff, input.action, tx);
        return changed(before, row, input.action);
      }),

    /** Autosave while typing: never a revision, never an audit entry, never a state change. */
    async autosave(staff: Staff, id: number, input: NewsAutosaveInput) {
      const current = await reload(id);
      const access = { status: current.status, own: current.authorId === staff.id || (await repo.isOwn(id, staff.id)) };
      if (!canEdit(staff.role, access)) throw newsErrors.notYours();
      if (current.status === 'draft' || current.status === 'review') {
        return write(staff, async (tx) => {
          const before = await locked(id, tx);
          await checkVersion(before, input.version, tx);
          checkByline(staff, input, before);
          const text = await cleaned(input, tx);
          const version = await repo.update(
            id,
            {
              ...text,
              featured: isEditorRole(staff.role) ? input.featured : before.featured,
              updatedAt: now(),
              updatedBy: staff.id,
            },
            tx,
          );
          await setLinks(id, staff, input, null, tx, false);
          await media.syncUses(id, text.imageUrl, text.content, tx);
          return { value: { target: 'article' as const, version, savedAt: now() }, audit: null, tags: [] };
        });
      }
      const { version, ...payload } = input;
      await desk.putAutosave(id, staff.id, payload, version, now());
      return { target: 'autosave' as const, version: current.version, savedAt: now() };
    },
    discardAutosave: (staff: Staff, id: number) => desk.dropAutosave(id, staff.id),

    setFeatured: (staff: Staff, id: number, featured: boolean) =>
      write(staff, async (tx) => {
        const before = await locked(id, tx);
        await repo.update(id, { featured, updatedAt: now(), updatedBy: staff.id }, tx);
        const row = await reload(id, tx);
        return {
          value: row,
          audit: { action: 'update', entity: 'news', entityId: id, details: { featured } },
          tags: articleTags(before, row, now()),
        };
      }),

    delete: (staff: Staff, id: number) =>
      write(staff, async (tx) => {
        const before = await locked(id, tx);
        const access = await accessOf(before, staff, tx);
        const everPublished = before.publishedAt !== null && before.status !== 'scheduled';
        if (!canDelete(staff.role, { ...access, everPublished })) throw newsErrors.cannotDelete();
        const gone = (await repo.delete(id, tx))!;
        return {
          value: undefined,
          audit: { action: 'delete', entity: 'news', entityId: id, details: { title: gone.title } },
          tags: articleTags(gone, undefined, now()),
        };
      }),

    // Revisions
    async revisions(id: number, q: PageQuery) {
      await reload(id);
      const [rows, total] = await Promise.all([
        revisions.list(id, q.pageSize, (q.page - 1) * q.pageSize),
        revisions.count(id),
      ]);
      return pageOf(rows, q, { total, exact: true });
    },
    async revision(id: number, revisionId: number) {
      const rev = await revisions.find(id, revisionId);
      if (!rev) throw newsErrors.revisionNotFound();
      return rev;
    },
    pruneRevisions: () => revisions.prune(new Date(now().getTime() - REVISIONS_KEEP_DAYS * 86_400_000)),

    // Who has it open
    async presence(staff: Staff, id: number) {
      if (!(await repo.exists(id))) throw newsErrors.notFound();
      await desk.touchPresence(id, staff.id, now());
      return desk.others(id, staff.id, new Date(now().getTime() - PRESENCE_ACTIVE_MS));
    },
    leave: (staff: Staff, id: number) => desk.leave(id, staff.id),
    async housekeeping() {
      await desk.prunePresence(new Date(now().getTime() - 10 * 60_000));
      await desk.pruneKeys(new Date(now().getTime() - 86_400_000));
    },

    /**
     * The scheduler's pass: publishes scheduled articles whose minute has come. Rows are taken FOR UPDATE SKIP
     * LOCKED, so with several instances each article is published (and audited, and announced) exactly once.
     */
    publishDue: () =>
      write(SYSTEM_ACTOR, async (tx) => {
        const due = await repo.lockDue(now(), DUE_BATCH, tx);
        const touched = new Set<ReturnType<typeof articleTags>[number]>();
        for (const before of due) {
          await repo.update(before.id, { status: 'published', updatedAt: now(), updatedBy: null }, tx);
          await repo.syncVisibility(before.id, before.publishedAt, tx);
          for (const t of articleTags(before, { ...before, status: 'published' }, now())) touched.add(t);
        }
        return {
          value: due.length,
          audit: due.map((n) => ({
            action: 'publish' as const,
            entity: 'news',
            entityId: n.id,
            details: { title: n.title, scheduledFor: n.publishedAt?.toISOString() },
          })),
          tags: [...touched],
        };
      }),
  };
}
export type NewsroomService = ReturnType<typeof newsroomService>;
