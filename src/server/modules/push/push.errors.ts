import { AppError } from '../../errors';

export const pushErrors = {
  notFound: () =>
    new AppError(404, 'PUSH_SUBSCRIPTION_NOT_FOUND', 'هذا المتصفح غير مشترك في التنبيهات، أو أُلغي اشتراكه'),
  endpointRefused: () =>
    new AppError(
      400,
      'PUSH_ENDPOINT_REFUSED',
      'لا يمكن الاشتراك من هذا المتصفح: خدمة التنبيهات التي يستعملها غير معروفة لنا',
      [{ path: 'endpoint', message: 'خدمة التنبيهات غير معروفة' }],
    ),
  noTopics: () =>
    new AppError(400, 'VALIDATION_FAILED', 'اختر موضوعاً واحداً على الأقل', [
      { path: 'topics', message: 'اختر موضوعاً واحداً على الأقل' },
    ]),
};
