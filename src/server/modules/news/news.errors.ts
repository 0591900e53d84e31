import { AppError } from '../../errors';

export const NEWS_NOT_FOUND = 'الخبر غير موجود';

export const newsErrors = {
  notFound: () => new AppError(404, 'NEWS_NOT_FOUND', NEWS_NOT_FOUND),
  contentEmpty: () => new AppError(400, 'VALIDATION_FAILED', 'جميع الحقول مطلوبة'),
  unknownCategory: () => new AppError(400, 'UNKNOWN_CATEGORY', 'التصنيف المختار غير موجود'),
};
