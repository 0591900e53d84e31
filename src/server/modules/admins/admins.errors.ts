import { AppError } from '../../errors';

export const adminsErrors = {
  notFound: () => new AppError(404, 'ADMIN_NOT_FOUND', 'المستخدم غير موجود'),
  usernameTaken: () => new AppError(409, 'USERNAME_TAKEN', 'اسم المستخدم مستخدم بالفعل'),
  cannotDeleteSelf: () => new AppError(409, 'CANNOT_DELETE_SELF', 'لا يمكنك حذف حسابك الخاص'),
  lastAdmin: () => new AppError(409, 'LAST_ADMIN', 'لا يمكن حذف آخر مدير في النظام'),
  wrongPassword: () =>
    new AppError(400, 'WRONG_PASSWORD', 'كلمة المرور الحالية غير صحيحة', [
      { path: 'body.currentPassword', message: 'كلمة المرور الحالية غير صحيحة' },
    ]),
};
