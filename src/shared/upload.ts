/**
 * What an upload may be: the server judges the type by the content; the browser checks first, by size and type, with
 * the server's own messages, so a picture that would be refused is never sent.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
const UPLOAD_EXTENSIONS = /\.(jpe?g|png|gif|webp)$/i;
/** The server's messages, said by the browser before a byte is sent when it can tell already. */
export const UPLOAD_MESSAGES = {
  tooLarge: 'حجم الصورة أكبر من 10 ميغابايت',
  wrongType: 'نوع الملف غير مدعوم؛ المسموح: JPG وPNG وGIF وWebP',
  empty: 'الملف المرسل فارغ؛ اختر صورة أخرى',
} as const;

/**
 * Why a chosen file would be refused, before it is uploaded (null: send it). The type is read from the file's MIME
 * type, or its name when the browser gives none; the server still reads the content itself.
 */
export function uploadProblem(file: { size: number; type: string; name: string }): string | null {
  // In the server's order: the size limit stops the body first, then an empty file, then the type.
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  const typeOk = file.type
    ? (UPLOAD_TYPES as readonly string[]).includes(file.type.toLowerCase())
    : UPLOAD_EXTENSIONS.test(file.name);
  return typeOk ? null : UPLOAD_MESSAGES.wrongType;
}
