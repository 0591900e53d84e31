import type { MediaResponse } from '../../../shared/schemas/admin';
import { ApiError } from './client';

/** Upload with progress (fetch cannot report it): resolves with the stored image. */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<MediaResponse> {
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
