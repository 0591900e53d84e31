import { categoryNameTaken } from '../../../shared/schemas/admin';
import { AppError } from '../../errors';

export const CATEGORY_NOT_FOUND = 'القسم غير موجود';

export const categoriesErrors = {
  notFound: () => new AppError(404, 'CATEGORY_NOT_FOUND', CATEGORY_NOT_FOUND),
  slugTaken: () =>
    new AppError(409, 'SLUG_TAKEN', 'معرف التصنيف مستخدم بالفعل، اختر معرفاً آخر', [
      { path: 'slug', message: 'معرف التصنيف مستخدم بالفعل، اختر معرفاً آخر' },
    ]),
  /** Another section's name reads the same (after Arabic folding, whatever the case): the menu would show it twice. */
  nameTaken: (existing: string) => {
    const message = categoryNameTaken(existing);
    return new AppError(409, 'CATEGORY_NAME_TAKEN', message, [{ path: 'name', message }]);
  },
  hasNews: (n: number) =>
    new AppError(
      409,
      'CATEGORY_HAS_NEWS',
      `لا يمكن حذف هذا التصنيف لأنه يحتوي على ${n} من الأخبار؛ انقل أخبارَه إلى تصنيف آخر أو احذفها أولاً`,
    ),
};
