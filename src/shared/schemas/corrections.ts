/**
 * Notes on an article: what readers are told (a correction, a clarification, an update, each with its time) and the
 * staff's editorial notes on a story under way (never public).
 */
import { z } from 'zod';
import { CURSOR } from '../cursor';
import { decimalInt } from './common';
import { NOTE_KINDS } from '../notes';

export { CORRECTIONS_PAGE_KINDS, NOTE_KIND_LABELS, NOTE_KINDS, type NoteKind } from '../notes';
export const NOTE_MAX = 2000;
export const EDITORIAL_NOTE_MAX = 2000;

/** A note as readers see it on the article. */
export const readerNote = z.object({
  id: z.number().int(),
  kind: z.enum(NOTE_KINDS),
  text: z.string(),
  createdAt: z.string(),
});
export type ReaderNote = z.infer<typeof readerNote>;

/** A note as the newsroom sees it: who added it and, once removed, the dated trace (who, when, why). */
export const staffNote = readerNote.extend({
  createdBy: z.string(),
  removedAt: z.string().nullable(),
  removedBy: z.string().nullable(),
  removedReason: z.string().nullable(),
});
export type StaffNote = z.infer<typeof staffNote>;

export const noteInput = z.object({
  kind: z.enum(NOTE_KINDS, { error: 'اختر نوع الملاحظة: تصحيح أو توضيح أو تحديث' }),
  text: z
    .string({ error: 'اكتب نص الملاحظة' })
    .trim()
    .min(1, 'اكتب نص الملاحظة')
    .max(NOTE_MAX, `نص الملاحظة ${NOTE_MAX} حرف على الأكثر`),
});
export type NoteInput = z.infer<typeof noteInput>;

export const noteRemoval = z.object({
  reason: z
    .string({ error: 'اذكر سبب الحذف' })
    .trim()
    .min(1, 'اذكر سبب الحذف؛ يبقى أثره مؤرخاً لفريق التحرير')
    .max(500, 'سبب الحذف 500 حرف على الأكثر'),
});

export const noteParams = z.object({ id: decimalInt(1, 2_147_483_647), noteId: decimalInt(1, 2_147_483_647) });

/** A line of the public corrections page: the note and the article it is on. */
export const correctionsPageItem = readerNote.extend({
  article: z.object({ id: z.number().int(), title: z.string() }),
});
export type CorrectionsPageItem = z.infer<typeof correctionsPageItem>;
export const correctionsPage = z.object({
  items: z.array(correctionsPageItem),
  /** The cursor of the next (older) page, or null at the end. */
  next: z.string().nullable(),
});
export type CorrectionsPage = z.infer<typeof correctionsPage>;
export const CORRECTIONS_PAGE_SIZE = 20;
export const correctionsQuery = z.object({
  before: z.string().regex(CURSOR, 'مؤشر الصفحة غير صالح').optional(),
});

/** A staff note beside the editor. */
export const editorialNote = z.object({
  id: z.number().int(),
  text: z.string(),
  author: z.string(),
  authorId: z.number().int().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type EditorialNote = z.infer<typeof editorialNote>;
export const editorialNoteInput = z.object({
  text: z
    .string({ error: 'اكتب الملاحظة' })
    .trim()
    .min(1, 'اكتب الملاحظة')
    .max(EDITORIAL_NOTE_MAX, `الملاحظة ${EDITORIAL_NOTE_MAX} حرف على الأكثر`),
});
export const editorialNoteUpdate = z.object({ resolved: z.boolean() });
