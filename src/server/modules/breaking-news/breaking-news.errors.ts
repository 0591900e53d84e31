import { AppError } from '../../errors';

export const breakingNewsErrors = {
  notFound: () => new AppError(404, 'BREAKING_NOT_FOUND', 'الخبر العاجل غير موجود'),
  noSuchArticle: () =>
    new AppError(400, 'VALIDATION_FAILED', 'الخبر المرتبط غير موجود؛ اختر خبراً منشوراً أو اترك الحقل فارغاً', [
      { path: 'newsId', message: 'الخبر المرتبط غير موجود؛ اختر خبراً منشوراً أو اترك الحقل فارغاً' },
    ]),
};
