import { queryOptions } from '@tanstack/react-query';
import type { CategoryInput, CategoryReorder } from '../../../shared/schemas/admin';
import type { Category } from '../../../shared/schemas/categories';
import { adminGet, adminSend } from './client';
import { added, useAdminMutation } from './mutation';

export const categoryKeys = { all: ['admin', 'categories'] as const };

/** Every section in its order (a handful: never paged). */
export const categoriesQuery = () =>
  queryOptions({ queryKey: categoryKeys.all, queryFn: () => adminGet<Category[]>('/api/admin/categories') });

export const useSaveCategory = (onSaved: () => void) =>
  useAdminMutation({
    mutationFn: ({ id, body }: { id?: number; body: CategoryInput }) =>
      id
        ? adminSend<Category>('PUT', `/api/admin/categories/${id}`, body)
        : adminSend<Category>('POST', '/api/admin/categories', body),
    // What was done, said specifically (SPEC's 'تم التحديث' for an edit).
    success: (_d, v) => (v.id ? 'تم التحديث' : added('أُضيف التصنيف')),
    error: 'حدث خطأ أثناء حفظ التصنيف',
    invalidate: [categoryKeys.all],
    onSuccess: onSaved,
  });

export const useToggleCategory = () =>
  useAdminMutation({
    mutationFn: (c: Category) => adminSend<Category>('PUT', `/api/admin/categories/${c.id}`, { isActive: !c.isActive }),
    success: (_d, c) => (c.isActive ? 'تم إيقاف التصنيف' : 'تم تنشيط التصنيف'),
    error: 'حدث خطأ أثناء تحديث حالة التنشيط',
    invalidate: [categoryKeys.all],
  });

export const useMoveCategory = () =>
  useAdminMutation({
    mutationFn: (v: CategoryReorder) => adminSend<Category[]>('POST', '/api/admin/categories/reorder', v),
    success: 'تم تغيير الترتيب',
    error: 'حدث خطأ أثناء تغيير ترتيب التصنيف',
    invalidate: [categoryKeys.all],
  });

export const useDeleteCategory = () =>
  useAdminMutation({
    mutationFn: (id: number) => adminSend('DELETE', `/api/admin/categories/${id}`),
    success: 'تم الحذف',
    error: 'حدث خطأ أثناء حذف التصنيف',
    invalidate: [categoryKeys.all],
  });
