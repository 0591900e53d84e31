/** The one error type. Services throw it; the error handler turns it into { message, code, requestId }. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Arabic messages for the generic cases; feature-specific messages live with their features. */
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
  internal: 'حدث خطأ غير متوقع في الخادم، يرجى المحاولة لاحقاً',
} as const;

export const notFound = (message: string = MESSAGES.notFound, code = 'NOT_FOUND') => new AppError(404, code, message);
export const badRequest = (message: string = MESSAGES.badRequest, code = 'BAD_REQUEST') =>
  new AppError(400, code, message);
