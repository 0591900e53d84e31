/** The media library's calls: the library's pages, one picture, its description, upload and delete. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { uploadProblem } from '../../../shared/upload';
import type { MediaItem, MediaUpdateInput } from '../../../shared/schemas/media';
import { ApiError, adminGet, adminPage, adminSend, queryString } from './client';
import { useAdminMutation } from './mutation';

export interface MediaFilter {
  q: string;
  uploader: number | null;
  from: string;
  to: string;
  page: number;
  pageSize?: number;
}

export const mediaKeys = {
  all: ['admin', 'media'] as const,
  list: (f: MediaFilter) => [...mediaKeys.all, 'list', f] as const,
  detail: (id: string) => [...mediaKeys.all, 'detail', id] as const,
  uploaders: () => [...mediaKeys.all, 'uploaders'] as const,
};

/** A page of the library, searched and filtered on the server. */
export const mediaListQuery = (f: MediaFilter) =>
  queryOptions({
    queryKey: mediaKeys.list(f),
    queryFn: () =>
      adminPage<MediaItem>(
        `/api/admin/media${queryString({
          q: f.q.trim(),
          uploader: f.uploader,
          from: f.from,
          to: f.to,
          page: f.page,
          pageSize: f.pageSize,
        })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const mediaDetailQuery = (id: string) =>
  queryOptions({ queryKey: mediaKeys.detail(id), queryFn: () => adminGet<MediaItem>(`/api/admin/media/${id}`) });

export const mediaUploadersQuery = () =>
  queryOptions({
    queryKey: mediaKeys.uploaders(),
    queryFn: () => adminGet<{ id: number; fullName: string }[]>('/api/admin/media/uploaders'),
    staleTime: 60_000,
  });

export const useUpdateMedia = (onSaved?: (item: MediaItem) => void) =>
  useAdminMutation({
    mutationFn: ({ id, body }: { id: string; body: MediaUpdateInput }) =>
      adminSend<MediaItem>('PUT', `/api/admin/media/${id}`, body),
    success: 'حُفظت بيانات الصورة',
    error: 'حدث خطأ أثناء حفظ بيانات الصورة',
    invalidate: [mediaKeys.all],
    onSuccess: onSaved,
  });

export const useDeleteMedia = () =>
  useAdminMutation({
    mutationFn: (id: string) => adminSend('DELETE', `/api/admin/media/${id}`),
    success: 'تم الحذف',
    error: 'حدث خطأ أثناء حذف الصورة',
    invalidate: [mediaKeys.all],
  });

/**
 * Upload with progress (fetch cannot report it): resolves with the stored picture, its caption, credit and source
 * filled in from the file's own fields. A file the server would refuse for its size or type is refused here first,
 * with the server's own message, before a byte is sent (a 13 MB photo over a phone link took minutes to be told it
 * was too big).
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<MediaItem> {
  const problem = uploadProblem(file);
  if (problem) return Promise.reject(new ApiError(file.size > 0 ? 413 : 400, JSON.stringify({ message: problem })));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/media');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve(JSON.parse(xhr.responseText) as MediaItem)
        : reject(new ApiError(xhr.status, xhr.responseText));
    xhr.onerror = () => reject(new ApiError(0, ''));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
