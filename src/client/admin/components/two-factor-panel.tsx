/**
 * A staff member's second factors (profile page, and the set-up screen the policy sends them to): the authenticator
 * app (QR code and secret, confirmed by a first code), recovery codes shown once and downloadable, and passkeys.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, Fingerprint, KeyRound, ShieldCheck, Smartphone, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../shared/format';
import type { PasskeyItem } from '../../../shared/schemas/security';
import { errorText } from '../api/client';
import {
  addPasskey,
  confirmTotp,
  securityKeys,
  startTotp,
  twoFactorQuery,
  useRemovePasskey,
  useRemoveTotp,
  useRenewRecoveryCodes,
} from '../api/security';
import { notify } from '../lib/notify';
import { Button, Card, described, Field, FormAlert, Input, Loading } from './ui';

/** The recovery codes, shown this once, with a text file to keep. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const text = `رموز الاسترداد لحسابك في لوحة تحكم صحيفة\nكل رمز يُستخدم مرة واحدة فقط.\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'sahifa-recovery-codes.txt' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div
      className="space-y-3 rounded border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950"
      data-testid="recovery-codes"
    >
      <p className="text-sm font-bold">احفظ رموز الاسترداد الآن: لن تظهر مرة أخرى.</p>
      <p className="text-sm">إذا فقدت هاتفك، يدخلك كل رمز منها مرة واحدة بدلاً من رمز التطبيق.</p>
      <ol className="grid grid-cols-2 gap-1 font-mono text-sm" dir="ltr">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={download}>
          <Download className="size-4" aria-hidden="true" /> تنزيل كملف نصي
        </Button>
        <Button onClick={onDone}>حفظتُ الرموز</Button>
      </div>
    </div>
  );
}

function AppSetup({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string }>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const begin = async () => {
    setBusy(true);
    try {
      setSetup(await startTotp());
    } catch (err) {
      notify.error('حدث خطأ', errorText(err, 'تعذّر بدء إعداد التطبيق'));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const res = await confirmTotp(code);
      notify.success(res.message);
      onCodes(res.recoveryCodes);
      setSetup(undefined);
      // Only the status: the recovery codes must stay on screen until they are saved (the set-up screen's
      // «متابعة» button asks for the session again).
      await queryClient.invalidateQueries({ queryKey: securityKeys.status });
    } catch (err) {
      setError(errorText(err, 'تعذّر تفعيل التطبيق'));
    } finally {
      setBusy(false);
    }
  };

  if (!setup)
    return (
      <Button onClick={begin} disabled={busy}>
        <Smartphone className="size-4" aria-hidden="true" /> إعداد تطبيق المصادقة
      </Button>
    );
  return (
    <form onSubmit={confirm} noValidate className="space-y-3" aria-busy={busy}>
      <ol className="list-decimal space-y-1 ps-5 text-sm">
        <li>
          افتح تطبيق المصادقة على هاتفك (مثل <bdi className="whitespace-nowrap">Google Authenticator</bdi> أو{' '}
          <bdi className="whitespace-nowrap">Microsoft Authenticator</bdi>).
        </li>
        <li>امسح الرمز المربع، أو أدخل المفتاح السري يدوياً.</li>
        <li>اكتب الرمز المكوّن من 6 أرقام الذي يظهر في التطبيق.</li>
      </ol>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="رمز QR لإضافة الحساب إلى تطبيق المصادقة"
        width={176}
        height={176}
        className="rounded bg-white p-2"
      />
      <p className="text-sm">
        المفتاح السري: {/* In groups of four, as authenticator apps accept it typed (spaces are ignored). */}
        <code
          dir="ltr"
          className="inline-block rounded bg-slate-100 px-1 font-mono dark:bg-slate-800"
          data-testid="totp-secret"
        >
          {setup.secret.match(/.{1,4}/g)!.join(' ')}
        </code>
      </p>
      <div className="max-w-48">
        <Field label="رمز التحقق" id="totp-code" error={error}>
          <Input
            id="totp-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={8}
            {...described('totp-code', error)}
          />
        </Field>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'جاري التحقق...' : 'تفعيل'}
      </Button>
    </form>
  );
}

function AddPasskey() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('سمِّ مفتاح المرور (مثلاً: هاتفي)');
    setBusy(true);
    setError(undefined);
    try {
      await addPasskey(name.trim());
      notify.success('تمت إضافة مفتاح المرور');
      setName('');
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    } catch (err) {
      setError(
        err instanceof Error && err.name === 'NotAllowedError'
          ? 'أُلغيت العملية أو انتهت مهلتها'
          : errorText(err, 'تعذّرت إضافة مفتاح المرور على هذا الجهاز'),
      );
    } finally {
      setBusy(false);
    }
  };
  if (!supported) return <p className="text-sm">هذا المتصفح لا يدعم مفاتيح المرور.</p>;
  return (
    <form onSubmit={add} noValidate className="flex flex-wrap items-end gap-2" aria-busy={busy}>
      <div className="min-w-48 flex-1">
        <Field label="اسم مفتاح المرور الجديد" id="passkey-name" error={error}>
          <Input
            id="passkey-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="مثلاً: حاسوب المكتب"
            maxLength={60}
            {...described('passkey-name', error)}
          />
        </Field>
      </div>
      <Button type="submit" disabled={busy}>
        <Fingerprint className="size-4" aria-hidden="true" /> إضافة مفتاح مرور
      </Button>
    </form>
  );
}

function PasskeyRow({ p }: { p: PasskeyItem }) {
  const remove = useRemovePasskey();
  return (
    <li className="flex items-center gap-2 rounded border border-slate-200 p-2 text-sm dark:border-slate-700">
      <KeyRound className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-bold break-words">
          <bdi>{p.name}</bdi>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          أُضيف {formatDateTime(p.createdAt)} ·{' '}
          {p.lastUsedAt ? `آخر استخدام ${formatDateTime(p.lastUsedAt)}` : 'لم يُستخدم بعد'}
        </p>
      </div>
      <Button
        variant="ghost"
        disabled={remove.isPending}
        aria-label={`حذف مفتاح المرور: ${p.name}`}
        onClick={() => window.confirm(`هل تريد حذف مفتاح المرور «${p.name}»؟`) && remove.mutate(p.id)}
      >
        <Trash2 className="size-4 text-red-700 dark:text-red-400" aria-hidden="true" />
      </Button>
    </li>
  );
}

export function TwoFactorPanel() {
  const status = useQuery(twoFactorQuery());
  const [codes, setCodes] = useState<string[]>();
  const removeApp = useRemoveTotp();
  const renew = useRenewRecoveryCodes(setCodes);
  if (status.isLoading) return <Loading />;
  if (status.isError || !status.data) return <FormAlert message="تعذّر تحميل إعدادات التحقق بخطوتين" />;
  const s = status.data;
  const on = s.totp || s.passkeys.length > 0;
  return (
    <div className="space-y-4" data-testid="two-factor">
      <Card className="space-y-3">
        <h2 className="flex items-center gap-2 font-bold">
          <ShieldCheck
            className={`size-5 ${on ? 'text-green-700 dark:text-green-400' : 'text-slate-500'}`}
            aria-hidden="true"
          />
          التحقق بخطوتين {on ? '(مفعّل)' : '(غير مفعّل)'}
        </h2>
        {s.required && !on && (
          <p className="text-sm font-bold text-red-800 dark:text-red-300">سياسة الموقع تفرض التحقق بخطوتين على دورك.</p>
        )}
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />}
        <h3 className="font-bold">تطبيق المصادقة</h3>
        {s.totp ? (
          <div className="space-y-2 text-sm">
            <p>التطبيق مفعّل. رموز الاسترداد المتبقية: {s.recoveryCodesLeft} من 10.</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" disabled={renew.isPending} onClick={() => renew.mutate()}>
                إنشاء رموز استرداد جديدة
              </Button>
              <Button
                variant="secondary"
                disabled={removeApp.isPending}
                onClick={() => window.confirm('هل تريد إزالة تطبيق المصادقة من حسابك؟') && removeApp.mutate()}
              >
                إزالة التطبيق
              </Button>
            </div>
          </div>
        ) : (
          <AppSetup onCodes={setCodes} />
        )}
      </Card>
      <Card className="space-y-3">
        <h3 className="flex items-center gap-2 font-bold">
          <Fingerprint className="size-5 text-slate-500" aria-hidden="true" /> مفاتيح المرور
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          مفتاح المرور يُدخلك ببصمتك أو وجهك أو رمز قفل جهازك، دون كلمة مرور، ولا يمكن سرقته بالتصيّد.
        </p>
        {s.passkeys.length > 0 && (
          <ul className="space-y-2" data-testid="passkeys">
            {s.passkeys.map((p) => (
              <PasskeyRow key={p.id} p={p} />
            ))}
          </ul>
        )}
        <AddPasskey />
      </Card>
    </div>
  );
}
