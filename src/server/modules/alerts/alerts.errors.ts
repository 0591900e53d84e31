import { AppError } from '../../errors';

export const alertErrors = {
  notConfirmed: () =>
    new AppError(
      400,
      'ALERT_NOT_CONFIRMED',
      'لم يُرسل شيء: يجب تأكيد الإرسال بعد رؤية عدد المستلمين، أو انتهت مهلة التأكيد (10 دقائق). أعد المحاولة',
    ),
  blocked: (reasons: string[]) => new AppError(409, 'ALERT_BLOCKED', `لم يُرسل شيء: ${reasons.join('؛ ')}`),
  sourceNotFound: () => new AppError(404, 'ALERT_SOURCE_NOT_FOUND', 'الخبر المطلوب إرساله غير موجود'),
  notLive: (kind: 'article' | 'breaking') =>
    new AppError(
      409,
      'ALERT_NOT_PUBLISHED',
      kind === 'article'
        ? 'لم يُرسل شيء: الخبر غير منشور؛ يُرسل الخبر بعد نشره فقط'
        : 'لم يُرسل شيء: الخبر العاجل غير نشط أو انتهت مدته',
    ),
  unknownChannel: (name: string) => new AppError(400, 'UNKNOWN_CHANNEL', `قناة الإرسال «${name}» غير متاحة`),
};
