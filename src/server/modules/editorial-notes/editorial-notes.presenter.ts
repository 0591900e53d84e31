import type { EditorialNote } from '../../../shared/schemas/corrections';
import type { EditorialNoteRow } from './editorial-notes.repository';

export const presentEditorialNote = (n: EditorialNoteRow): EditorialNote => ({
  id: n.id,
  text: n.body,
  author: n.authorName,
  authorId: n.authorId,
  createdAt: n.createdAt.toISOString(),
  resolvedAt: n.resolvedAt ? n.resolvedAt.toISOString() : null,
  resolvedBy: n.resolvedByName,
});
