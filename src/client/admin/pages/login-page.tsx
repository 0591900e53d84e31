import { useState } from 'react';
import { useLocation } from 'wouter';
import { loginRequest } from '../../../shared/schemas/admin';
import { errorText } from '../api/client';
import { login } from '../api/session';
import { useSchemaForm } from '../components/form';
import { Button, described, Field, Input } from '../components/ui';
import { saveAuth } from '../lib/auth';
import { notify } from '../lib/notify';

export function LoginPage() {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm(loginRequest, { username: '', password: '' });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setBusy(true);
    try {
      const res = await login(body);
      saveAuth(res.admin);
      notify.success('تم تسجيل الدخول بنجاح', `مرحباً ${res.admin.username}`);
      navigate('/admin/dashboard', { replace: true });
    } catch (err) {
      notify.error('خطأ في تسجيل الدخول', errorText(err, 'فشل تسجيل الدخول. الرجاء التحقق من صحة بيانات الدخول.'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-100 p-4 dark:bg-slate-950">
      <form
        onSubmit={submit}
        noValidate
        className="w-full max-w-sm space-y-4 rounded-lg bg-white p-6 shadow dark:bg-slate-900"
        aria-busy={busy}
      >
        <h1 className="text-center text-2xl font-bold">تسجيل الدخول</h1>
        <Field label="اسم المستخدم" id="username" error={errors.username?.message}>
          <Input
            id="username"
            {...form.register('username')}
            {...described('username', errors.username?.message)}
            disabled={busy}
            autoComplete="username"
            dir="auto"
          />
        </Field>
        <Field label="كلمة المرور" id="password" error={errors.password?.message}>
          <Input
            id="password"
            type="password"
            {...form.register('password')}
            {...described('password', errors.password?.message)}
            disabled={busy}
            autoComplete="current-password"
          />
        </Field>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'جاري تسجيل الدخول...' : 'دخول'}
        </Button>
      </form>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">لوحة تحكم صحيفة</p>
    </div>
  );
}
