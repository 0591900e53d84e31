import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminUser } from '../../../shared/schemas/admin';
import { ROLE_LABELS } from '../../../shared/permissions';
import { AuditLog } from '../components/audit-log';
import {
  BackToDashboard,
  Button,
  Card,
  Field,
  FormActions,
  Input,
  Loading,
  Modal,
  PageHeader,
  TableShell,
  inputClass,
} from '../components/ui';
import { adminGet, adminSend, errorText } from '../lib/admin-api';
import { readAuth } from '../lib/auth';

const KEY = ['admin', 'admins'];
const EMPTY = { username: '', fullName: '', email: '', password: '', roleName: 'editor' as 'admin' | 'editor' };

export function UsersPage() {
  const queryClient = useQueryClient();
  const me = readAuth()?.user;
  const list = useQuery({ queryKey: KEY, queryFn: () => adminGet<AdminUser[]>('/api/admin/admins') });
  const [form, setForm] = useState(EMPTY);
  const [formError, setFormError] = useState<string>();
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  const create = useMutation({
    mutationFn: () => adminSend('POST', '/api/admin/admins', form),
    onSuccess: async () => {
      toast.success('تمت إضافة المستخدم الجديد إلى النظام بنجاح');
      setForm(EMPTY);
      await refresh();
    },
    onError: (err) =>
      toast.error('حدث خطأ', { description: errorText(err, 'حدث خطأ أثناء إضافة المستخدم، حاول مرة أخرى') }),
  });
  const changePassword = useMutation({
    mutationFn: () => adminSend('PUT', `/api/admin/admins/${target!.id}/password`, { password }),
    onSuccess: async () => {
      toast.success('تم تحديث كلمة المرور للمستخدم بنجاح');
      setTarget(null);
      await refresh();
    },
    onError: (err) =>
      toast.error('حدث خطأ', { description: errorText(err, 'حدث خطأ أثناء تحديث كلمة المرور، حاول مرة أخرى') }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => adminSend('DELETE', `/api/admin/admins/${id}`),
    onSuccess: async () => {
      toast.success('تم حذف المستخدم بنجاح');
      await refresh();
    },
    onError: (err) =>
      toast.error('حدث خطأ', { description: errorText(err, 'حدث خطأ أثناء حذف المستخدم، حاول مرة أخرى') }),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.username.trim() || !form.fullName.trim() || !form.email.trim() || !form.password)
      return setFormError('جميع الحقول مطلوبة');
    setFormError(undefined);
    create.mutate();
  };

  return (
    <div className="space-y-6">
      <PageHeader title="المستخدمون">
        <BackToDashboard />
      </PageHeader>
      <Card>
        <h2 className="mb-4 flex items-center gap-2 text-lg font-bold">
          <UserPlus className="size-5" aria-hidden="true" /> إضافة مستخدم
        </h2>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field label="اسم المستخدم" id="u-username">
            <Input
              id="u-username"
              dir="ltr"
              value={form.username}
              onChange={(e) => setForm({ ...form, username: e.target.value })}
              autoComplete="off"
            />
          </Field>
          <Field label="الاسم الكامل" id="u-fullname">
            <Input
              id="u-fullname"
              value={form.fullName}
              onChange={(e) => setForm({ ...form, fullName: e.target.value })}
            />
          </Field>
          <Field label="البريد الإلكتروني" id="u-email">
            <Input
              id="u-email"
              type="email"
              dir="ltr"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
            />
          </Field>
          <Field label="الصلاحية" id="u-role">
            <select
              id="u-role"
              className={inputClass}
              value={form.roleName}
              onChange={(e) => setForm({ ...form, roleName: e.target.value as 'admin' | 'editor' })}
            >
              <option value="editor">{ROLE_LABELS.editor}</option>
              <option value="admin">{ROLE_LABELS.admin}</option>
            </select>
          </Field>
          <Field label="كلمة المرور" id="u-password">
            <Input
              id="u-password"
              type="password"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
              autoComplete="new-password"
            />
          </Field>
          <div className="flex items-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'جاري الإضافة...' : 'إضافة المستخدم'}
            </Button>
          </div>
          {formError && (
            <p role="alert" className="text-sm font-bold text-red-700 sm:col-span-2">
              {formError}
            </p>
          )}
        </form>
      </Card>
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">فشل جلب المستخدمين</p>
      ) : (
        <TableShell>
          <thead>
            <tr>
              <th>#</th>
              <th>الاسم الكامل</th>
              <th>اسم المستخدم</th>
              <th>البريد الإلكتروني</th>
              <th>الصلاحية</th>
              <th>إجراءات</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.map((a, i) => {
              const self = a.id === me?.id;
              return (
                <tr key={a.id} data-testid={`user-row-${a.username}`}>
                  <td>{i + 1}</td>
                  <td className="font-bold">{a.fullName}</td>
                  <td dir="ltr" className="text-start">
                    {a.username}
                  </td>
                  <td dir="ltr" className="text-start">
                    {a.email}
                  </td>
                  <td>{ROLE_LABELS[a.role]}</td>
                  <td>
                    <div className="flex gap-1">
                      <Button
                        variant="ghost"
                        disabled={self}
                        onClick={() => (setTarget(a), setPassword(''), setPasswordError(undefined))}
                        aria-label={`تغيير كلمة مرور ${a.username}`}
                      >
                        <KeyRound className="size-4" aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        disabled={self}
                        onClick={() =>
                          window.confirm(`هل أنت متأكد من حذف المستخدم ${a.username}؟`) && remove.mutate(a.id)
                        }
                        aria-label={`حذف ${a.username}`}
                      >
                        <Trash2 className="size-4 text-red-700" aria-hidden="true" />
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </TableShell>
      )}
      <AuditLog />
      <Modal open={target !== null} title={`تغيير كلمة مرور ${target?.username ?? ''}`} onClose={() => setTarget(null)}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!password.trim()) return setPasswordError('يرجى إدخال كلمة مرور صالحة');
            changePassword.mutate();
          }}
          className="space-y-4"
        >
          <Field label="كلمة المرور الجديدة" id="new-password" error={passwordError}>
            <Input
              id="new-password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="new-password"
            />
          </Field>
          <FormActions onCancel={() => setTarget(null)} saving={changePassword.isPending} />
        </form>
      </Modal>
    </div>
  );
}
