import type { CorrectionsPageItem, ReaderNote, StaffNote } from '../../../shared/schemas/corrections';
import type { CorrectionsPageRow, NoteRow } from './corrections.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const presentReaderNote = (n: Pick<NoteRow, 'id' | 'kind' | 'body' | 'createdAt'>): ReaderNote => ({
  id: n.id,
  kind: n.kind,
  text: n.body,
  createdAt: n.createdAt.toISOString(),
});

export const presentStaffNote = (n: NoteRow): StaffNote => ({
  ...presentReaderNote(n),
  createdBy: n.createdByName,
  removedAt: iso(n.removedAt),
  removedBy: n.removedByName,
  removedReason: n.removedReason,
});

export const presentCorrectionsItem = (r: CorrectionsPageRow): CorrectionsPageItem => ({
  ...presentReaderNote(r),
  article: { id: r.newsId, title: r.title },
});

/** The cursor after a row of the corrections page. */
export const cursorOf = (r: Pick<NoteRow, 'id' | 'createdAt'>) => `${r.createdAt.toISOString()}~${r.id}`;
