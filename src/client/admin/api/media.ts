import { uploadProblem } from '../../../shared/upload';
import type { MediaResponse } from '../../../shared/schemas/admin';
import { ApiError } from './client';

/**
 * Upload with progress (fetch cannot report it): resolves with the stored image. A file the server would refuse for
 * its size or type is refused here first, with the server's own message, before a byte is sent (a 13 MB photo over
 * a phone link took minutes to be told it was too big).
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<MediaResponse> {
  const problem = uploadProblem(file);
  if (problem) return Promise.reject(new ApiError(file.size > 0 ? 413 : 400, JSON.stringify({ message: problem })));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/media');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve(JSON.parse(xhr.responseText) as MediaResponse)
        : reject(new ApiError(xhr.status, xhr.responseText));
    xhr.onerror = () => reject(new ApiError(0, ''));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
