/**
 * Signing in: the password (SPEC), then, for an account with a second factor, its code, a recovery code or a
 * passkey. A passkey can also sign in alone: the button, or the browser's own suggestion in the username field.
 */
import { WebAuthnAbortService } from '@simplewebauthn/browser';
import { Fingerprint } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { loginRequest } from '../../../shared/schemas/admin';
import type { LoginResponse, SECOND_FACTOR_METHODS } from '../../../shared/schemas/security';
import { ApiError, errorText } from '../api/client';
import { loginWithCode, loginWithPasskey } from '../api/security';
import { login } from '../api/session';
import { useSchemaForm } from '../components/form';
import { Button, described, Field, Input } from '../components/ui';
import { saveAuth } from '../lib/auth';
import { notify } from '../lib/notify';

type Methods = (typeof SECOND_FACTOR_METHODS)[number][];
const PASSKEY_FAILED = 'تعذّر الدخول بمفتاح المرور';
const cancelled = (err: unknown) =>
  err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');

export function LoginPage() {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [methods, setMethods] = useState<Methods>();
  const form = useSchemaForm(loginRequest, { username: '', password: '' });
  const { errors } = form.formState;

  const done = (res: LoginResponse) => {
    if ('secondFactor' in res) {
      WebAuthnAbortService.cancelCeremony();
      setMethods(res.secondFactor.methods);
      return;
    }
    saveAuth(res.admin);
    notify.success('تم تسجيل الدخول بنجاح', `مرحباً ${res.admin.username}`);
    navigate('/admin/dashboard', { replace: true });
  };

  // The browser offers this site's passkeys among the username field's suggestions (conditional UI).
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!window.PublicKeyCredential?.isConditionalMediationAvailable) return;
      if (!(await PublicKeyCredential.isConditionalMediationAvailable())) return;
      try {
        const res = await loginWithPasskey(true);
        if (live) done(res);
      } catch (err) {
        if (live && !cancelled(err)) notify.error(PASSKEY_FAILED, errorText(err, PASSKEY_FAILED));
      }
    })();
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, []);

  const submit = form.handleSubmit(async (body) => {
    setBusy(true);
    try {
      done(await login(body));
    } catch (err) {
      notify.error('خطأ في تسجيل الدخول', errorText(err, 'فشل تسجيل الدخول. الرجاء التحقق من صحة بيانات الدخول.'));
    } finally {
      setBusy(false);
    }
  });

  const withPasskey = async () => {
    setBusy(true);
    try {
      done(await loginWithPasskey(false));
    } catch (err) {
      if (!cancelled(err)) notify.error(PASSKEY_FAILED, errorText(err, PASSKEY_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-100 p-4 dark:bg-slate-950">
      {methods ? (
        <SecondStep
          methods={methods}
          busy={busy}
          setBusy={setBusy}
          onDone={done}
          onBack={() => setMethods(undefined)}
          withPasskey={withPasskey}
        />
      ) : (
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
              autoComplete="username webauthn"
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
          <div className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-300 dark:bg-slate-600" /> أو{' '}
            <span className="h-px flex-1 bg-slate-300 dark:bg-slate-600" />
          </div>
          <Button type="button" variant="secondary" disabled={busy} className="w-full" onClick={withPasskey}>
            <Fingerprint className="size-4" aria-hidden="true" /> الدخول بمفتاح مرور
          </Button>
        </form>
      )}
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">لوحة تحكم صحيفة</p>
    </div>
  );
}

function SecondStep({
  methods,
  busy,
  setBusy,
  onDone,
  onBack,
  withPasskey,
}: {
  methods: Methods;
  busy: boolean;
  setBusy: (b: boolean) => void;
  onDone: (res: LoginResponse) => void;
  onBack: () => void;
  withPasskey: () => void;
}) {
  const hasApp = methods.includes('totp');
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError('أدخل رمز التحقق');
    setBusy(true);
    setError(undefined);
    try {
      onDone(await loginWithCode(code));
    } catch (err) {
      setError(errorText(err, 'رمز التحقق غير صحيح أو انتهت صلاحيته'));
      // The second step's time ran out: back to the password.
      if (err instanceof ApiError && err.code === 'UNAUTHORIZED') onBack();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="w-full max-w-sm space-y-4 rounded-lg bg-white p-6 shadow dark:bg-slate-900"
      aria-busy={busy}
    >
      <h1 className="text-center text-2xl font-bold">التحقق بخطوتين</h1>
      {hasApp && (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {recovery
              ? 'أدخل أحد رموز الاسترداد التي حفظتها عند تفعيل التحقق بخطوتين.'
              : 'أدخل الرمز المكوّن من 6 أرقام الظاهر في تطبيق المصادقة على هاتفك.'}
          </p>
          <Field label={recovery ? 'رمز الاسترداد' : 'رمز التحقق'} id="code" error={error}>
            <Input
              id="code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode={recovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              dir="ltr"
              autoFocus
              disabled={busy}
              maxLength={20}
              {...described('code', error)}
            />
          </Field>
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'جاري التحقق...' : 'تحقق'}
          </Button>
          <button
            type="button"
            className="text-sm font-bold text-blue-800 hover:underline dark:text-blue-300"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setError(undefined);
            }}
          >
            {recovery ? 'استخدام رمز التطبيق' : 'فقدت هاتفك؟ استخدم رمز استرداد'}
          </button>
        </>
      )}
      {methods.includes('passkey') && (
        <Button
          type="button"
          variant={hasApp ? 'secondary' : 'primary'}
          disabled={busy}
          className="w-full"
          onClick={withPasskey}
        >
          <Fingerprint className="size-4" aria-hidden="true" /> التحقق بمفتاح مرور
        </Button>
      )}
      <Button type="button" variant="ghost" disabled={busy} className="w-full" onClick={onBack}>
        رجوع
      </Button>
    </form>
  );
}
