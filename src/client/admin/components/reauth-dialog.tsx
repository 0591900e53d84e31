/**
 * «تأكيد الهوية»: shown when a sensitive action needs the owner proved within the last 10 minutes. The password, an
 * app or recovery code, or a passkey; once proved, the waiting action is sent again by itself.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorText } from '../api/client';
import { reauthenticate, reauthenticateWithPasskey } from '../api/security';
import { setReauthPrompt } from '../lib/reauth';
import { Button, described, Field, Input, Modal } from './ui';

export function ReauthDialog() {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const settle = useRef<(ok: boolean) => void>(undefined);

  useEffect(() => {
    setReauthPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setValue('');
          setError(undefined);
          setOpen(true);
        }),
    );
    return () => setReauthPrompt(undefined);
  }, []);

  const finish = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = undefined;
  };

  const prove = async (run: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await run();
      finish(true);
    } catch (err) {
      setError(errorText(err, 'تعذّر التحقق من هويتك، حاول مرة أخرى'));
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError(mode === 'password' ? 'أدخل كلمة المرور' : 'أدخل رمز التحقق');
    void prove(() => reauthenticate(mode === 'password' ? { password: value } : { code: value }));
  };

  return (
    <Modal open={open} title="تأكيد الهوية" onClose={() => finish(false)}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          لحماية الحساب، يطلب هذا الإجراء تأكيد هويتك، ولن يُطلب منك ذلك ثانيةً خلال 10 دقائق.
        </p>
        <Field
          label={mode === 'password' ? 'كلمة المرور' : 'رمز التحقق أو رمز الاسترداد'}
          id="reauth-value"
          error={error}
        >
          <Input
            id="reauth-value"
            type={mode === 'password' ? 'password' : 'text'}
            inputMode={mode === 'code' ? 'numeric' : undefined}
            autoComplete={mode === 'password' ? 'current-password' : 'one-time-code'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            {...described('reauth-value', error)}
            dir="ltr"
            disabled={busy}
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'جاري التحقق...' : 'تأكيد'}
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setMode(mode === 'password' ? 'code' : 'password');
              setValue('');
              setError(undefined);
            }}
          >
            {mode === 'password' ? 'استخدم رمز التطبيق' : 'استخدم كلمة المرور'}
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            onClick={() => void prove(reauthenticateWithPasskey)}
          >
            استخدم مفتاح مرور
          </Button>
          <Button type="button" variant="ghost" disabled={busy} onClick={() => finish(false)}>
            إلغاء
          </Button>
        </div>
      </form>
    </Modal>
  );
}
