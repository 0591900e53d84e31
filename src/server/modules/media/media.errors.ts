import { UPLOAD_MESSAGES } from '../../../shared/upload';
import { AppError } from '../../errors';

export const mediaErrors = {
  noFile: (status: 400 | 415 = 400) =>
    new AppError(status, status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'NO_FILE', 'لم يتم إرسال أي صورة'),
  empty: () => new AppError(400, 'EMPTY_FILE', UPLOAD_MESSAGES.empty),
  tooManyPixels: () =>
    new AppError(413, 'IMAGE_TOO_LARGE', 'أبعاد الصورة أكبر من المسموح (40 ميغابكسل)؛ صغّر الصورة ثم أعد المحاولة'),
  // The browser says these two before uploading (shared/upload.ts uploadProblem); the server says them regardless.
  tooLarge: () => new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.tooLarge),
  wrongType: () => new AppError(415, 'UNSUPPORTED_IMAGE', UPLOAD_MESSAGES.wrongType),
  storageUnavailable: () =>
    new AppError(503, 'STORAGE_UNAVAILABLE', 'تعذّر حفظ الصورة الآن؛ لم يُحفظ شيء، أعد المحاولة بعد قليل'),
  notFound: () => new AppError(404, 'MEDIA_NOT_FOUND', 'الصورة غير موجودة'),
  inUse: () => new AppError(409, 'MEDIA_IN_USE', 'لا يمكن حذف الصورة لأنها مستخدمة في خبر أو نسخة منه أو صورة حساب'),
  unreadable: () => new AppError(422, 'IMAGE_UNREADABLE', 'تعذّرت قراءة الصورة؛ قد يكون الملف تالفاً'),
};
