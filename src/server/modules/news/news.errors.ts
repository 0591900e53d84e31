import { formatDateTime } from '../../../shared/format';
import { ACTION_LABELS, STATUS_LABELS, type NewsAction, type NewsStatus } from '../../../shared/news-workflow';
import { AppError } from '../../errors';

export const NEWS_NOT_FOUND = 'الخبر غير موجود';
const FIELDS_REQUIRED = 'جميع الحقول مطلوبة';

export const newsErrors = {
  notFound: () => new AppError(404, 'NEWS_NOT_FOUND', NEWS_NOT_FOUND),
  contentEmpty: () =>
    new AppError(400, 'VALIDATION_FAILED', FIELDS_REQUIRED, [{ path: 'content', message: FIELDS_REQUIRED }]),
  tooDeep: () =>
    new AppError(
      400,
      'VALIDATION_FAILED',
      'تنسيق نص الخبر متداخل أكثر من المسموح؛ انسخ النص دون تنسيقه ثم أعد المحاولة',
      [{ path: 'content', message: 'تنسيق نص الخبر متداخل أكثر من المسموح؛ انسخ النص دون تنسيقه ثم أعد المحاولة' }],
    ),
  unknownCategory: () =>
    new AppError(400, 'UNKNOWN_CATEGORY', 'التصنيف المختار غير موجود', [
      { path: 'category', message: 'التصنيف المختار غير موجود' },
    ]),
  unknownAuthor: () =>
    new AppError(400, 'VALIDATION_FAILED', 'أحد الكتّاب المختارين لم يعد موجوداً', [
      { path: 'authors', message: 'أحد الكتّاب المختارين لم يعد موجوداً' },
    ]),
  /** Someone saved the article after this editor opened it. */
  conflict: (by: string | null, at: Date) =>
    new AppError(
      409,
      'EDIT_CONFLICT',
      `عدّل ${by ?? 'النظام'} هذا الخبر في ${formatDateTime(at)} بعد أن فتحته. أعد تحميل الخبر لترى التعديلات قبل الحفظ؛ لم يُحفظ شيء من تعديلاتك بعد.`,
    ),
  /** The action does not start from the article's state. */
  invalidTransition: (action: NewsAction, status: NewsStatus) =>
    new AppError(409, 'INVALID_TRANSITION', `لا يمكن «${ACTION_LABELS[action]}» لخبر حالته «${STATUS_LABELS[status]}»`),
  writerCannot: (action: NewsAction) =>
    new AppError(
      403,
      'FORBIDDEN',
      action === 'publish' || action === 'schedule'
        ? 'النشر والجدولة للمحررين؛ أرسل الخبر للمراجعة'
        : `ليست لديك صلاحية «${ACTION_LABELS[action]}» لهذا الخبر`,
    ),
  /** A writer naming other authors, or changing an article's author list (only editors credit: 'news.credit'). */
  cannotCreditAuthors: () => new AppError(403, 'FORBIDDEN', 'لا يمكن للكاتب نسبة الخبر إلى غيره؛ يحدد المحرر المؤلفين'),
  /** A writer setting or changing the free byline. */
  cannotSetByline: () => new AppError(403, 'FORBIDDEN', 'لا يمكن للكاتب كتابة سطر التوقيع أو تغييره؛ يحدده المحرر'),
  notYours: () => new AppError(403, 'FORBIDDEN', 'يمكنك تعديل أخبارك فقط ما دامت مسودة أو قيد المراجعة'),
  cannotDelete: () => new AppError(403, 'FORBIDDEN', 'يمكنك حذف مسوداتك التي لم تُنشر فقط'),
  scheduleInPast: () =>
    new AppError(400, 'VALIDATION_FAILED', 'موعد النشر يجب أن يكون في المستقبل', [
      { path: 'publishAt', message: 'موعد النشر يجب أن يكون في المستقبل' },
    ]),
  scheduleTooFar: () =>
    new AppError(400, 'VALIDATION_FAILED', 'موعد النشر يجب أن يكون خلال سنة', [
      { path: 'publishAt', message: 'موعد النشر يجب أن يكون خلال سنة' },
    ]),
  /** Publishing a stored article that still lacks part of the story. */
  incomplete: (missing: ('description' | 'content' | 'imageUrl')[]) =>
    new AppError(
      400,
      'VALIDATION_FAILED',
      missing.includes('description') || missing.includes('content')
        ? 'أكمل الوصف ونص الخبر قبل نشره'
        : 'يرجى تحميل صورة للخبر أو توفير رابط صورة',
      missing.map((path) => ({
        path,
        message: path === 'imageUrl' ? 'يرجى تحميل صورة للخبر أو توفير رابط صورة' : FIELDS_REQUIRED,
      })),
    ),
  revisionNotFound: () => new AppError(404, 'NOT_FOUND', 'النسخة المطلوبة غير موجودة'),
};
