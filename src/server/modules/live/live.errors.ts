import { formatDateTime } from '../../../shared/format';
import { AppError } from '../../errors';

export const liveErrors = {
  notFound: () => new AppError(404, 'LIVE_NOT_FOUND', 'التغطية المباشرة غير موجودة'),
  entryNotFound: () => new AppError(404, 'LIVE_ENTRY_NOT_FOUND', 'التحديث غير موجود؛ ربما حذفه زميل'),
  articleNotFound: () => new AppError(404, 'NEWS_NOT_FOUND', 'الخبر غير موجود'),
  alreadyLive: () => new AppError(409, 'ALREADY_LIVE', 'هذا الخبر تغطية مباشرة بالفعل'),
  ended: () => new AppError(409, 'LIVE_ENDED', 'انتهت هذه التغطية؛ يستطيع المحرر استئنافها قبل نشر تحديثات جديدة'),
  cannotPost: () =>
    new AppError(403, 'FORBIDDEN', 'تنشر التحديثات في التغطيات التي تكتبها فقط؛ اطلب من المحرر إضافتك إلى كتّابها'),
  notYourEntry: () => new AppError(403, 'FORBIDDEN', 'يمكنك تعديل تحديثاتك وحذفها فقط'),
  editorsOnly: () => new AppError(403, 'FORBIDDEN', 'بدء التغطية وإنهاؤها وتثبيت التحديثات للمحررين'),
  tooDeep: () =>
    new AppError(400, 'VALIDATION_FAILED', 'تنسيق التحديث متداخل أكثر من المسموح؛ انسخ النص دون تنسيقه', [
      { path: 'body', message: 'تنسيق التحديث متداخل أكثر من المسموح؛ انسخ النص دون تنسيقه' },
    ]),
  empty: () =>
    new AppError(400, 'VALIDATION_FAILED', 'اكتب نص التحديث', [{ path: 'body', message: 'اكتب نص التحديث' }]),
  /** Someone changed the entry after this editor started editing it. */
  conflict: (by: string, at: Date) =>
    new AppError(
      409,
      'EDIT_CONFLICT',
      `عدّل ${by} هذا التحديث في ${formatDateTime(at)} بعد أن بدأت تعديله. انسخ نصك ثم أعد فتح التحديث؛ لم يُحفظ شيء من تعديلك.`,
    ),
};
