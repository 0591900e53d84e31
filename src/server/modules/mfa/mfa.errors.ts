import { AppError } from '../../errors';

export const CODE_INVALID = 'رمز التحقق غير صحيح أو انتهت صلاحيته';
export const SETUP_REQUIRED = 'يجب تفعيل التحقق بخطوتين لحسابك قبل المتابعة';
export const REAUTH_REQUIRED = 'لحماية الحساب، أكّد هويتك مرة أخرى قبل هذا الإجراء';

export const mfaErrors = {
  codeInvalid: () => new AppError(400, 'CODE_INVALID', CODE_INVALID, [{ path: 'code', message: CODE_INVALID }]),
  setupRequired: () => new AppError(403, 'TWO_FACTOR_SETUP_REQUIRED', SETUP_REQUIRED),
  reauthRequired: () => new AppError(403, 'REAUTH_REQUIRED', REAUTH_REQUIRED),
  notStarted: () =>
    new AppError(409, 'TOTP_NOT_STARTED', 'ابدأ إعداد تطبيق المصادقة من جديد؛ انتهت صلاحية الرمز السري المعروض'),
  policyRequires: () =>
    new AppError(
      409,
      'POLICY_REQUIRES_SECOND_FACTOR',
      'سياسة الموقع تفرض التحقق بخطوتين على دورك؛ أضف وسيلة أخرى (مفتاح مرور أو تطبيق) قبل إزالة هذه',
    ),
  policyFromEnvironment: () =>
    new AppError(
      409,
      'POLICY_SET_BY_ENVIRONMENT',
      'سياسة التحقق بخطوتين مضبوطة بمتغير البيئة STAFF_2FA_ROLES على الخادم، فلا تُغيَّر من هنا',
    ),
  notOnOwnAccount: () =>
    new AppError(
      409,
      'NOT_ON_OWN_ACCOUNT',
      'لا يمكنك إعادة ضبط التحقق بخطوتين لحسابك من هنا؛ أدِر وسائلك من «ملفي الشخصي»',
    ),
  passkeyFailed: () =>
    new AppError(400, 'PASSKEY_FAILED', 'تعذّر التحقق بمفتاح المرور؛ حاول مرة أخرى أو استخدم رمز التطبيق'),
  passkeyNotFound: () => new AppError(404, 'PASSKEY_NOT_FOUND', 'مفتاح المرور غير موجود'),
};
