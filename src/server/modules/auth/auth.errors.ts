import { AppError } from '../../errors';

export const LOGIN_FAILED = 'اسم المستخدم أو كلمة المرور غير صحيحة';
export const LOGIN_THROTTLED = 'تم تجاوز عدد محاولات الدخول المسموح بها، يرجى المحاولة بعد 15 دقيقة';
export const SECOND_STEP_EXPIRED = 'انتهت مهلة خطوة التحقق؛ سجّل الدخول بكلمة المرور من جديد';

export const authErrors = {
  loginFailed: () => new AppError(401, 'LOGIN_FAILED', LOGIN_FAILED),
  sessionNotFound: () => new AppError(404, 'NOT_FOUND', 'الجلسة غير موجودة أو انتهت'),
  throttled: () => new AppError(429, 'LOGIN_THROTTLED', LOGIN_THROTTLED),
  secondStepExpired: () => new AppError(401, 'UNAUTHORIZED', SECOND_STEP_EXPIRED),
  wrongPassword: () =>
    new AppError(400, 'WRONG_PASSWORD', 'كلمة المرور غير صحيحة', [
      { path: 'password', message: 'كلمة المرور غير صحيحة' },
    ]),
  accountNotFound: () => new AppError(404, 'ADMIN_NOT_FOUND', 'المستخدم غير موجود'),
};
