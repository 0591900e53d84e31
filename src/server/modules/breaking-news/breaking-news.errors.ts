import { AppError } from '../../errors';

export const breakingNewsErrors = {
  notFound: () => new AppError(404, 'BREAKING_NOT_FOUND', 'الخبر العاجل غير موجود'),
};
