import { STATUS_LABELS, type NewsStatus } from '../../../shared/news-workflow';
import { UPLOAD_MESSAGES } from '../../../shared/upload';
import { AppError } from '../../errors';
import type { MediaUsedBy } from './media.repository';

const HOW: Record<MediaUsedBy['articles'][number]['how'], string> = {
  article: '',
  live: ' (في التغطية المباشرة)',
  revision: ' (في نسخة سابقة منه)',
  autosave: ' (في تعديلات محفوظة تلقائياً)',
};

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
  notYours: () =>
    new AppError(403, 'FORBIDDEN', 'يمكنك تعديل بيانات الصور التي رفعتها فقط؛ يعدّل المحررون بيانات أي صورة'),
  /** A delete of a picture something still shows: the list says what (each article by its title and id). */
  inUse: (used: MediaUsedBy) => {
    const items = [
      ...used.articles.map((a) => `«${a.title}» (#${a.newsId})${HOW[a.how]}`),
      ...used.staff.map((name) => `صورة حساب ${name}`),
      ...used.campaigns.map((name) => `الحملة الإعلانية «${name}»`),
    ];
    return new AppError(
      409,
      'MEDIA_IN_USE',
      `لا يمكن حذف الصورة لأنها مستخدمة في: ${items.join('، ')}`,
      used.articles.map((a) => ({ path: `news.${a.newsId}`, message: a.title })),
    );
  },
  /** Emptying the alt text of a picture a published or scheduled article shows. */
  altStillNeeded: (articles: { id: number; title: string; status: string }[]) =>
    new AppError(
      400,
      'VALIDATION_FAILED',
      `لا يمكن حذف النص البديل لأن الصورة تظهر للقراء في: ${articles
        .map((a) => `«${a.title}» (${STATUS_LABELS[a.status as NewsStatus] ?? a.status})`)
        .join('، ')}`,
      [{ path: 'alt', message: 'النص البديل مطلوب ما دامت الصورة في خبر منشور أو مجدول' }],
    ),
  /** Publishing an article that shows library pictures without alt text: which ones. */
  altMissing: (pictures: { id: string; name: string; main: boolean }[]) =>
    new AppError(
      400,
      'MEDIA_ALT_MISSING',
      `أضف نصاً بديلاً للصور قبل النشر (وصفاً لمن لا يرى الصورة): ${pictures.map((p) => `«${p.name}»`).join('، ')}`,
      pictures.map((p) => ({
        path: p.main ? 'imageUrl' : `media.${p.id}`,
        message: `الصورة «${p.name}» بلا نص بديل؛ أضفه من مكتبة الوسائط`,
      })),
    ),
  unreadable: () => new AppError(422, 'IMAGE_UNREADABLE', 'تعذّرت قراءة الصورة؛ قد يكون الملف تالفاً'),
};
