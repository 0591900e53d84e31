/** The one error type. Services throw it (through each module's small factories); the error handler answers it. */
import type { ErrorCode } from '../shared/error-codes';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Arabic messages for the generic cases; feature-specific messages live in each module's *.errors.ts. */
export const MESSAGES = {
  badRequest: 'البيانات المرسلة غير صالحة',
  notFound: 'المسار المطلوب غير موجود',
  unauthorized: 'يجب تسجيل الدخول أولاً',
  forbidden: 'ليست لديك صلاحية للقيام بهذا الإجراء',
  conflict: 'تعارض مع بيانات موجودة',
  tooLarge: 'حجم البيانات المرسلة أكبر من المسموح',
  unsupportedType: 'نوع المحتوى غير مدعوم',
  tooMany: 'عدد كبير من المحاولات، يرجى الانتظار قليلاً ثم المحاولة مجدداً',
  unavailable: 'الخدمة غير متاحة مؤقتاً، يرجى المحاولة بعد قليل',
  /** A newsroom change whose time ran out before it was committed: it was rolled back. */
  timeoutNotSaved: 'قاعدة البيانات لا تستجيب الآن، فلم يُحفظ شيء. ما كتبته باقٍ أمامك؛ أعد المحاولة بعد قليل',
  /** A write whose COMMIT was sent when the database stopped answering: it may or may not have been applied. */
  timeoutUnknown:
    'لم تؤكد قاعدة البيانات الحفظ في الوقت المحدد، فقد يكون حُفظ أو لا. ما كتبته باقٍ أمامك؛ حدّث القائمة بعد قليل للتحقق قبل الإعادة',
  internal: 'حدث خطأ غير متوقع في الخادم، يرجى المحاولة لاحقاً',
} as const;

export const errors = {
  unauthorized: () => new AppError(401, 'UNAUTHORIZED', MESSAGES.unauthorized),
  forbidden: (message: string = MESSAGES.forbidden) => new AppError(403, 'FORBIDDEN', message),
  crossOrigin: () => new AppError(403, 'CROSS_ORIGIN', 'تم رفض الطلب لأنه لم يصدر من لوحة التحكم'),
  badRequest: (message: string = MESSAGES.badRequest) => new AppError(400, 'BAD_REQUEST', message),
};
