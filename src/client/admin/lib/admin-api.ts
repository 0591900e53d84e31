/** Admin calls (SPEC §7): the session cookie travels with every request; errors carry the server's Arabic text. */
import { ApiError, apiFetch } from '../../lib/api';

export const adminGet = <T>(path: string) => apiFetch<T>(path);
export const adminSend = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  apiFetch<T>(path, { method, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });

/** The server's message for a failed call, else the screen's default (SPEC §8). */
export function errorText(err: unknown, fallback: string): string {
  return (err instanceof ApiError && err.serverMessage) || fallback;
}

/** Upload with progress (fetch cannot report it): resolves with the stored image. */
export function uploadImage(
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ id: string; url: string; srcset: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/media');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve(JSON.parse(xhr.responseText))
        : reject(new ApiError(xhr.status, xhr.responseText));
    xhr.onerror = () => reject(new ApiError(0, ''));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
