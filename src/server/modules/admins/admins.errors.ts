import { AppError } from '../../errors';

export const adminsErrors = {
  notFound: () => new AppError(404, 'ADMIN_NOT_FOUND', 'المستخدم غير موجود'),
  usernameTaken: () =>
    new AppError(409, 'USERNAME_TAKEN', 'اسم المستخدم مستخدم بالفعل', [
      { path: 'username', message: 'اسم المستخدم مستخدم بالفعل' },
    ]),
  emailTaken: () =>
    new AppError(409, 'EMAIL_TAKEN', 'هذا البريد الإلكتروني مسجّل لحساب آخر', [
      { path: 'email', message: 'هذا البريد الإلكتروني مسجّل لحساب آخر' },
    ]),
  cannotDeleteSelf: () => new AppError(409, 'CANNOT_DELETE_SELF', 'لا يمكنك حذف حسابك الخاص'),
  lastAdmin: () => new AppError(409, 'LAST_ADMIN', 'لا يمكن حذف آخر مدير في النظام'),
  wrongPassword: () =>
    new AppError(400, 'WRONG_PASSWORD', 'كلمة المرور الحالية غير صحيحة', [
      { path: 'body.currentPassword', message: 'كلمة المرور الحالية غير صحيحة' },
    ]),
};
