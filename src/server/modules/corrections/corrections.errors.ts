import { AppError } from '../../errors';

export const correctionsErrors = {
  notFound: () => new AppError(404, 'NOTE_NOT_FOUND', 'الملاحظة غير موجودة'),
  notPublished: () =>
    new AppError(
      409,
      'NOTE_NOT_ALLOWED',
      'التصحيحات والتوضيحات والتحديثات لخبر منشور؛ عدّل المسودة مباشرة أو اكتب ملاحظة تحريرية لفريق التحرير',
    ),
  alreadyRemoved: () => new AppError(409, 'NOTE_NOT_ALLOWED', 'حُذفت هذه الملاحظة من قبل'),
};
