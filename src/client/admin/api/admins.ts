import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  CreateAdminInput,
  OkMessage,
  OwnPasswordInput,
  ProfileInput,
  StaffSession,
} from '../../../shared/schemas/admin';
import { adminGet, adminPage, adminSend, queryString } from './client';
import { useAdminMutation } from './mutation';

export const adminKeys = {
  all: ['admin', 'admins'] as const,
  page: (page: number) => [...adminKeys.all, page] as const,
};

export const adminsPageQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.page(page),
    queryFn: () => adminPage<AdminUser>(`/api/admin/admins${queryString({ page })}`),
    placeholderData: keepPreviousData,
  });

export const useCreateAdmin = (onCreated: () => void) =>
  useAdminMutation({
    mutationFn: (body: CreateAdminInput) => adminSend<AdminUser>('POST', '/api/admin/admins', body),
    success: 'تمت إضافة المستخدم الجديد إلى النظام بنجاح',
    error: 'حدث خطأ أثناء إضافة المستخدم، حاول مرة أخرى',
    invalidate: [adminKeys.all],
    onSuccess: onCreated,
  });

export const useSetPassword = (onDone: () => void) =>
  useAdminMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      adminSend<OkMessage>('PUT', `/api/admin/admins/${id}/password`, { password }),
    success: 'تم تحديث كلمة المرور للمستخدم بنجاح',
    error: 'حدث خطأ أثناء تحديث كلمة المرور، حاول مرة أخرى',
    invalidate: [adminKeys.all],
    onSuccess: onDone,
  });

export const useDeleteAdmin = () =>
  useAdminMutation({
    mutationFn: (id: number) => adminSend('DELETE', `/api/admin/admins/${id}`),
    success: 'تم حذف المستخدم بنجاح',
    error: 'حدث خطأ أثناء حذف المستخدم، حاول مرة أخرى',
    invalidate: [adminKeys.all],
  });

/** The signed-in staff member's own password (their other sessions end). */
export const useChangeOwnPassword = (onDone: () => void) =>
  useAdminMutation({
    mutationFn: (body: OwnPasswordInput) => adminSend<OkMessage>('PUT', '/api/admin/me/password', body),
    success: 'تم تغيير كلمة المرور',
    error: 'حدث خطأ أثناء تغيير كلمة المرور، حاول مرة أخرى',
    invalidate: [['admin', 'me', 'sessions']],
    onSuccess: onDone,
  });

/** Where the signed-in staff member is signed in (their own sessions only). */
export const mySessionsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'me', 'sessions'] as const,
    queryFn: () => adminGet<StaffSession[]>('/api/admin/me/sessions'),
  });

export const useEndSession = () =>
  useAdminMutation({
    mutationFn: (id: number) => adminSend<OkMessage>('DELETE', `/api/admin/me/sessions/${id}`),
    success: 'تم إنهاء الجلسة',
    error: 'تعذّر إنهاء الجلسة، حاول مرة أخرى',
    invalidate: [['admin', 'me', 'sessions']],
  });

/** One's own public profile (the author page): name, bio, avatar. */
export const useSaveProfile = () => {
  const queryClient = useQueryClient();
  return useAdminMutation({
    mutationFn: (body: ProfileInput) => adminSend<AdminUser>('PUT', '/api/admin/me/profile', body),
    success: 'تم حفظ الملف الشخصي',
    error: 'حدث خطأ أثناء حفظ الملف الشخصي',
    invalidate: [
      ['admin', 'session'],
      ['admin', 'staff'],
    ],
    onSuccess: (user) => queryClient.setQueryData(['admin', 'me'], user),
  });
};
