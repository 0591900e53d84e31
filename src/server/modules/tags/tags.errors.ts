import { AppError } from '../../errors';

export const tagsErrors = {
  notFound: () => new AppError(404, 'TAG_NOT_FOUND', 'الوسم غير موجود'),
  unusable: (name: string) =>
    new AppError(400, 'VALIDATION_FAILED', `تعذّر إنشاء الوسم «${name}»`, [
      { path: 'tags', message: 'تعذّر إنشاء الوسم' },
    ]),
};
