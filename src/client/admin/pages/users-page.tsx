import { useQuery } from '@tanstack/react-query';
import { KeyRound, LockOpen, ShieldOff, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ROLE_LABELS, ROLE_VALUES } from '../../../shared/permissions';
import { createAdminInput, passwordInput, type AdminUser, type CreateAdminInput } from '../../../shared/schemas/admin';
import { adminsPageQuery, useCreateAdmin, useDeleteAdmin, useSetPassword } from '../api/admins';
import { useResetSecondFactor, useUnlockAccount } from '../api/security';
import { errorText } from '../api/client';
import { AuditLog } from '../components/audit-log';
import { applyServerErrors, useSchemaForm } from '../components/form';
import {
  BackToDashboard,
  Button,
  Card,
  DataList,
  described,
  Field,
  FormActions,
  FormAlert,
  Input,
  Loading,
  Modal,
  PageHeader,
  Pager,
  Select,
} from '../components/ui';
import { readAuth } from '../lib/auth';

/** A new account starts as a writer (least privilege); the admin chooses more when it is needed. */
const EMPTY: CreateAdminInput = { username: '', fullName: '', email: '', password: '', roleName: 'writer' };

function AddUser() {
  const form = useSchemaForm<typeof createAdminInput, CreateAdminInput>(createAdminInput, EMPTY);
  const create = useCreateAdmin(() => form.reset(EMPTY));
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => create.mutate(body, { onError: (err) => applyServerErrors(form, err) }));
  return (
    <Card>
      <h2 className="mb-4 flex items-center gap-2 text-lg font-bold">
        <UserPlus className="size-5" aria-hidden="true" /> إضافة مستخدم
      </h2>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field label="اسم المستخدم" id="u-username" error={errors.username?.message}>
          <Input
            id="u-username"
            dir="ltr"
            autoComplete="off"
            {...form.register('username')}
            {...described('u-username', errors.username?.message)}
          />
        </Field>
        <Field label="الاسم الكامل" id="u-fullname" error={errors.fullName?.message}>
          <Input
            id="u-fullname"
            {...form.register('fullName')}
            {...described('u-fullname', errors.fullName?.message)}
          />
        </Field>
        <Field label="البريد الإلكتروني" id="u-email" error={errors.email?.message}>
          <Input
            id="u-email"
            type="email"
            dir="ltr"
            {...form.register('email')}
            {...described('u-email', errors.email?.message)}
          />
        </Field>
        <Field label="الصلاحية" id="u-role" error={errors.roleName?.message}>
          <Select id="u-role" {...form.register('roleName')}>
            {ROLE_VALUES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="كلمة المرور" id="u-password" error={errors.password?.message}>
          <Input
            id="u-password"
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
            {...described('u-password', errors.password?.message)}
          />
        </Field>
        <div className="flex items-end">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'جاري الإضافة...' : 'إضافة المستخدم'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function SetPassword({ target, onDone }: { target: AdminUser; onDone: () => void }) {
  const form = useSchemaForm(passwordInput, { password: '' });
  const setPassword = useSetPassword(onDone);
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ password }) =>
    setPassword.mutate({ id: target.id, password }, { onError: (err) => applyServerErrors(form, err) }),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label="كلمة المرور الجديدة" id="new-password" error={errors.password?.message}>
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
          {...described('new-password', errors.password?.message)}
        />
      </Field>
      <FormAlert
        message={
          setPassword.isError
            ? errorText(setPassword.error, 'حدث خطأ أثناء تحديث كلمة المرور، حاول مرة أخرى')
            : undefined
        }
      />
      <FormActions onCancel={onDone} saving={setPassword.isPending} />
    </form>
  );
}

export function UsersPage() {
  const me = readAuth()?.user;
  const [page, setPage] = useState(1);
  const list = useQuery(adminsPageQuery(page));
  const [target, setTarget] = useState<AdminUser | null>(null);
  const remove = useDeleteAdmin();
  const reset = useResetSecondFactor();
  const unlock = useUnlockAccount();
  const offset = ((list.data?.info.page ?? 1) - 1) * (list.data?.info.pageSize ?? 0);

  return (
    <div className="space-y-6">
      <PageHeader title="المستخدمون">
        <BackToDashboard />
      </PageHeader>
      <AddUser />
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">فشل جلب المستخدمين</p>
      ) : (
        <div>
          <DataList
            items={list.data?.items ?? []}
            keyOf={(a) => a.id}
            testId={(a) => `user-row-${a.username}`}
            title={(a) => a.fullName}
            columns={[
              { header: '#', cell: (a) => offset + (list.data?.items.indexOf(a) ?? 0) + 1 },
              { header: 'الاسم الكامل', cell: (a) => a.fullName, className: 'font-bold' },
              { header: 'اسم المستخدم', cell: (a) => <bdi dir="ltr">{a.username}</bdi> },
              { header: 'البريد الإلكتروني', cell: (a) => <bdi dir="ltr">{a.email}</bdi> },
              { header: 'الصلاحية', cell: (a) => ROLE_LABELS[a.role] },
            ]}
            actions={(a) => {
              // SPEC §6: the signed-in admin's own row has change-password and delete disabled (their own password
              // is changed from the menu, which asks for the current one).
              const self = a.id === me?.id;
              return (
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="ghost"
                    disabled={self}
                    onClick={() => setTarget(a)}
                    aria-label={`تغيير كلمة مرور ${a.username}`}
                  >
                    <KeyRound className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={self || reset.isPending}
                    onClick={() =>
                      window.confirm(
                        `إعادة ضبط التحقق بخطوتين لـ ${a.username}؟ ستُحذف وسائله (التطبيق ومفاتيح المرور) وتنتهي جلساته، وسيُطلب منه إعدادها من جديد.`,
                      ) && reset.mutate(a.id)
                    }
                    aria-label={`إعادة ضبط التحقق بخطوتين لـ ${a.username}`}
                  >
                    <ShieldOff className="size-4" aria-hidden="true" />{' '}
                    <span className="text-xs">إعادة ضبط التحقق</span>
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={unlock.isPending}
                    onClick={() => unlock.mutate(a.id)}
                    aria-label={`رفع قفل الدخول عن ${a.username}`}
                  >
                    <LockOpen className="size-4" aria-hidden="true" /> <span className="text-xs">رفع القفل</span>
                  </Button>
                  <Button
                    variant="ghost"
                    disabled={self}
                    onClick={() => window.confirm(`هل أنت متأكد من حذف المستخدم ${a.username}؟`) && remove.mutate(a.id)}
                    aria-label={`حذف ${a.username}`}
                  >
                    <Trash2 className="size-4 text-red-700 dark:text-red-400" aria-hidden="true" />
                  </Button>
                </div>
              );
            }}
          />
          {list.data && <Pager info={list.data.info} onPage={setPage} busy={list.isFetching} />}
        </div>
      )}
      <AuditLog />
      <Modal open={target !== null} title={`تغيير كلمة مرور ${target?.username ?? ''}`} onClose={() => setTarget(null)}>
        {target && <SetPassword key={target.id} target={target} onDone={() => setTarget(null)} />}
      </Modal>
    </div>
  );
}
