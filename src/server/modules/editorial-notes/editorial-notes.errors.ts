import { AppError } from '../../errors';

export const editorialNotesErrors = {
  notFound: () => new AppError(404, 'NOTE_NOT_FOUND', 'الملاحظة غير موجودة'),
  notYours: () => new AppError(403, 'FORBIDDEN', 'ترى ملاحظات التحرير على أخبارك فقط'),
  closed: () =>
    new AppError(
      409,
      'NOTE_NOT_ALLOWED',
      'الملاحظات التحريرية للخبر ما دام مسودة أو قيد المراجعة؛ أضف تصحيحاً أو توضيحاً لخبر منشور',
    ),
};
