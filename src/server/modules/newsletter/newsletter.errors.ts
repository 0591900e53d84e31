import { AppError } from '../../errors';

export const newsletterErrors = {
  linkInvalid: () =>
    new AppError(
      400,
      'LINK_INVALID',
      'هذا الرابط غير صالح أو لم يعد يعمل. إن أردت الاشتراك فاشترك من جديد من الصفحة الرئيسية',
    ),
  linkUsed: () =>
    new AppError(
      410,
      'LINK_EXPIRED',
      'استُخدم رابط التأكيد هذا من قبل. إن أردت الاشتراك فاشترك من جديد من الصفحة الرئيسية',
    ),
  linkExpired: () =>
    new AppError(410, 'LINK_EXPIRED', 'انتهت صلاحية رابط التأكيد. اشترك من جديد من الصفحة الرئيسية ليصلك رابط جديد'),
  notFound: () => new AppError(404, 'SUBSCRIBER_NOT_FOUND', 'المشترك غير موجود'),
  unknownSection: (slug: string) =>
    new AppError(400, 'VALIDATION_FAILED', 'أحد الأقسام المختارة غير موجود', [
      { path: 'sections', message: `القسم «${slug}» غير موجود` },
    ]),
  campaignSent: () => new AppError(409, 'CAMPAIGN_SENT', 'أُرسلت حملة تأكيد الاشتراك من قبل؛ لا تُرسل إلا مرة واحدة'),
  campaignEmpty: () => new AppError(409, 'CAMPAIGN_SENT', 'لا يوجد مشتركون قدامى بانتظار التأكيد'),
};
