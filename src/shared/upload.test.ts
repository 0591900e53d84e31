import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, uploadProblem } from './upload';

describe('the check a browser makes before uploading an image', () => {
  const file = (size: number, type = 'image/jpeg', name = 'photo.jpg') => ({ size, type, name });

  it('refuses what the server would refuse, with its message', () => {
    expect(uploadProblem(file(13 * 1024 * 1024))).toBe('حجم الصورة أكبر من 10 ميغابايت');
    expect(uploadProblem(file(UPLOAD_MAX_BYTES + 1))).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(uploadProblem(file(2048, 'application/pdf', 'report.pdf'))).toBe(
      'نوع الملف غير مدعوم؛ المسموح: JPG وPNG وGIF وWebP',
    );
    expect(uploadProblem(file(2048, 'image/svg+xml', 'logo.svg'))).toBe(UPLOAD_MESSAGES.wrongType);
    expect(uploadProblem(file(0))).toBe(UPLOAD_MESSAGES.empty);
    // Too large is said first, as the server's size limit stops the body before anything else is read.
    expect(uploadProblem(file(UPLOAD_MAX_BYTES + 1, 'application/pdf', 'big.pdf'))).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  it('lets through what the server may accept', () => {
    expect(uploadProblem(file(UPLOAD_MAX_BYTES))).toBeNull();
    for (const type of ['image/png', 'image/gif', 'image/webp', 'IMAGE/JPEG'])
      expect(uploadProblem(file(10, type))).toBeNull();
    // No type from the browser: the name decides (the server reads the content anyway).
    expect(uploadProblem(file(10, '', 'IMG_2041.JPEG'))).toBeNull();
    expect(uploadProblem(file(10, '', 'notes.txt'))).toBe(UPLOAD_MESSAGES.wrongType);
  });
});
