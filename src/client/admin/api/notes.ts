/** Notes on an article: those told to readers (corrections, clarifications, updates) and the staff's editorial notes. */
import { queryOptions } from '@tanstack/react-query';
import type { EditorialNote, NoteInput, StaffNote } from '../../../shared/schemas/corrections';
import { adminGet, adminSend } from './client';
import { useAdminMutation } from './mutation';
import { newsKeys } from './news';

export const notesKeys = {
  reader: (id: number) => [...newsKeys.all, 'notes', id] as const,
  editorial: (id: number) => [...newsKeys.all, 'editorial-notes', id] as const,
};

export const readerNotesQuery = (id: number) =>
  queryOptions({ queryKey: notesKeys.reader(id), queryFn: () => adminGet<StaffNote[]>(`/api/admin/news/${id}/notes`) });

export const editorialNotesQuery = (id: number) =>
  queryOptions({
    queryKey: notesKeys.editorial(id),
    queryFn: () => adminGet<EditorialNote[]>(`/api/admin/news/${id}/editorial-notes`),
    refetchInterval: 60_000,
  });

export const useAddNote = (id: number, onDone?: () => void) =>
  useAdminMutation({
    mutationFn: (body: NoteInput) => adminSend<StaffNote>('POST', `/api/admin/news/${id}/notes`, body),
    success: (n) =>
      n.kind === 'correction' ? 'نُشر التصحيح' : n.kind === 'clarification' ? 'نُشر التوضيح' : 'نُشر التحديث',
    error: 'حدث خطأ أثناء إضافة الملاحظة',
    invalidate: [notesKeys.reader(id), newsKeys.revisions(id)],
    onSuccess: onDone,
  });

export const useRemoveNote = (id: number) =>
  useAdminMutation({
    mutationFn: ({ noteId, reason }: { noteId: number; reason: string }) =>
      adminSend<StaffNote[]>('POST', `/api/admin/news/${id}/notes/${noteId}/remove`, { reason }),
    success: 'أُزيلت الملاحظة من الخبر، وبقي أثرها مؤرخاً لفريق التحرير',
    error: 'حدث خطأ أثناء إزالة الملاحظة',
    invalidate: [notesKeys.reader(id), newsKeys.revisions(id)],
  });

export const useAddEditorialNote = (id: number, onDone?: () => void) =>
  useAdminMutation({
    mutationFn: (text: string) => adminSend<EditorialNote>('POST', `/api/admin/news/${id}/editorial-notes`, { text }),
    success: 'أُضيفت الملاحظة',
    error: 'حدث خطأ أثناء إضافة الملاحظة',
    invalidate: [notesKeys.editorial(id)],
    onSuccess: onDone,
  });

export const useResolveEditorialNote = (id: number) =>
  useAdminMutation({
    mutationFn: ({ noteId, resolved }: { noteId: number; resolved: boolean }) =>
      adminSend<EditorialNote>('PATCH', `/api/admin/news/${id}/editorial-notes/${noteId}`, { resolved }),
    success: (n) => (n.resolvedAt ? 'عُلّمت الملاحظة منجزة' : 'أُعيد فتح الملاحظة'),
    error: 'حدث خطأ أثناء تحديث الملاحظة',
    invalidate: [notesKeys.editorial(id)],
  });
