import { AppError } from '../../errors';

export const prayerTimesErrors = {
  notFound: () => new AppError(404, 'PRAYER_NOT_FOUND', 'سجل المواقيت غير موجود'),
  dateTaken: () => new AppError(409, 'DATE_TAKEN', 'يوجد سجل آخر لهذا التاريخ'),
  fileInvalid: (reason: string) => new AppError(422, 'PRAYER_FILE_INVALID', `تعذّر استيراد الملف: ${reason}`),
  fileMissing: () => new AppError(422, 'PRAYER_FILE_MISSING', 'ملف المواقيت غير موجود على الخادم'),
};
