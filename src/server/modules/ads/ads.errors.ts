import { AppError } from '../../errors';

export const adsErrors = {
  notFound: () => new AppError(404, 'AD_CAMPAIGN_NOT_FOUND', 'الحملة الإعلانية غير موجودة'),
  creativeNotFound: () => new AppError(404, 'AD_NOT_FOUND', 'هذا الإعلان غير موجود أو انتهت حملته'),
  missingImage: (index: number) =>
    new AppError(422, 'VALIDATION_FAILED', 'صورة الإعلان غير موجودة في مكتبة الوسائط؛ اخترها من جديد', [
      { path: `body.creatives.${index}.desktopImage`, message: 'صورة الإعلان غير موجودة في مكتبة الوسائط' },
    ]),
  unknownSection: (slug: string) =>
    new AppError(422, 'VALIDATION_FAILED', `القسم «${slug}» غير موجود؛ اختر الأقسام من جديد`, [
      { path: 'body.sections', message: `القسم «${slug}» غير موجود` },
    ]),
  noNetworkCode: () => new AppError(404, 'AD_NOT_FOUND', 'لا توجد شيفرة شبكة إعلانات لهذا المكان'),
};
