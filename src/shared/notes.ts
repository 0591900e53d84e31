/**
 * Notes told to readers on an article, as words: kept free of zod, so the reader's article page can name them without
 * loading the schemas (src/shared/schemas/corrections.ts has those).
 */
export const NOTE_KINDS = ['correction', 'clarification', 'update'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];
export const NOTE_KIND_LABELS: Record<NoteKind, string> = {
  correction: 'تصحيح',
  clarification: 'توضيح',
  update: 'تحديث',
};
/** Kinds the public corrections page lists: what admits the story was wrong or unclear (updates add news). */
export const CORRECTIONS_PAGE_KINDS: readonly NoteKind[] = ['correction', 'clarification'];
