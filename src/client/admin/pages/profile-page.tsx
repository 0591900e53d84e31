/**
 * ملفي الشخصي: what readers see on one's author page (name, a short bio, an avatar uploaded like article images),
 * one's own password and the places one is signed in (each can be ended), and a link to the author page.
 */
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, KeyRound, LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { profileInput, type ProfileInput } from '../../../shared/schemas/admin';
import { formatDateTime } from '../../../shared/format';
import { mySessionsQuery, useEndSession, useSaveProfile } from '../api/admins';
import { errorText } from '../api/client';
import { useEndOtherSessions } from '../api/security';
import { sessionQuery } from '../api/session';
import { TwoFactorPanel } from '../components/two-factor-panel';
import { applyServerErrors, useSchemaForm } from '../components/form';
import { ImageField } from '../components/image-field';
import { OwnPasswordForm } from '../components/own-password';
import {
  BackToDashboard,
  Button,
  Card,
  described,
  Field,
  FormAlert,
  Input,
  Loading,
  Modal,
  PageHeader,
  Textarea,
} from '../components/ui';

function ProfileForm({ initial }: { initial: ProfileInput }) {
  const form = useSchemaForm<typeof profileInput, ProfileInput>(profileInput, initial);
  const save = useSaveProfile();
  const [uploading, setUploading] = useState(false);
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    save.mutate(body, { onSuccess: () => form.reset(body), onError: (err) => applyServerErrors(form, err) }),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label="الاسم الكامل" id="profile-name" error={errors.fullName?.message}>
        <Input
          id="profile-name"
          {...form.register('fullName')}
          {...described('profile-name', errors.fullName?.message)}
        />
      </Field>
      <Field
        label="نبذة قصيرة"
        id="profile-bio"
        hint="تظهر على صفحتك في الموقع (500 حرف على الأكثر)."
        error={errors.bio?.message}
      >
        <Textarea
          id="profile-bio"
          rows={3}
          {...form.register('bio')}
          {...described('profile-bio', errors.bio?.message, true)}
        />
      </Field>
      <Controller
        control={form.control}
        name="avatarUrl"
        render={({ field }) => (
          <div className="space-y-2">
            <ImageField
              label="الصورة الشخصية"
              idPrefix="profile-avatar"
              allowUrl={false}
              library={false}
              value={field.value ?? ''}
              onChange={(url) => field.onChange(url || null)}
              error={errors.avatarUrl?.message}
              onUploading={setUploading}
            />
            {field.value && (
              <Button variant="ghost" onClick={() => field.onChange(null)}>
                إزالة الصورة
              </Button>
            )}
          </div>
        )}
      />
      <FormAlert message={save.isError ? errorText(save.error, 'حدث خطأ أثناء حفظ الملف الشخصي') : undefined} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || uploading}>
          {save.isPending ? 'جاري الحفظ...' : 'حفظ'}
        </Button>
      </div>
    </form>
  );
}

function MySessions() {
  const sessions = useQuery(mySessionsQuery());
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  return (
    <Card className="space-y-3">
      <h2 className="font-bold">أماكن تسجيل الدخول</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        تنتهي الجلسة بعد 12 ساعة دون استخدام، أو بعد 7 أيام في كل الأحوال.
      </p>
      {sessions.isLoading ? (
        <Loading />
      ) : sessions.isError ? (
        <FormAlert message="تعذّر تحميل الجلسات" />
      ) : (
        <ul className="space-y-2" data-testid="my-sessions">
          {sessions.data!.map((s) => (
            <li
              key={s.id}
              className="flex items-center gap-2 rounded border border-slate-200 p-2 text-sm dark:border-slate-700"
            >
              <MonitorSmartphone className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-bold">
                  <bdi>{s.device ?? 'متصفح غير معروف'}</bdi>
                  {s.current && <span className="ms-2 text-xs text-green-700 dark:text-green-400">(هذه الجلسة)</span>}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  آخر استخدام: {formatDateTime(s.lastSeenAt)}
                  {s.address && (
                    <>
                      {' · '}العنوان: <bdi dir="ltr">{s.address}</bdi>
                    </>
                  )}
                </p>
              </div>
              {!s.current && (
                <Button variant="secondary" disabled={end.isPending} onClick={() => end.mutate(s.id)}>
                  <LogOut className="size-4" aria-hidden="true" /> إنهاء
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {(sessions.data?.length ?? 0) > 1 && (
        <Button
          variant="secondary"
          disabled={endOthers.isPending}
          onClick={() => window.confirm('هل تريد إنهاء جميع جلساتك الأخرى؟') && endOthers.mutate()}
        >
          <LogOut className="size-4" aria-hidden="true" /> إنهاء جميع الجلسات الأخرى
        </Button>
      )}
    </Card>
  );
}

export function ProfilePage() {
  const session = useQuery(sessionQuery(true));
  const [password, setPassword] = useState(false);
  const me = session.data?.admin;
  if (!me) return <Loading />;
  return (
    <div className="space-y-6">
      <PageHeader title="ملفي الشخصي">
        <BackToDashboard />
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <ProfileForm initial={{ fullName: me.fullName, bio: me.bio, avatarUrl: me.avatarUrl }} />
        </Card>
        <div className="space-y-4">
          <Card className="space-y-2">
            <h2 className="font-bold">صفحتك في الموقع</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">تظهر للقراء بعد نشر أول خبر يحمل اسمك.</p>
            <a
              href={`/author/${encodeURIComponent(me.username)}`}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 text-sm font-bold text-blue-800 hover:underline dark:text-blue-300"
            >
              <ExternalLink className="size-4" aria-hidden="true" /> فتح صفحة الكاتب
            </a>
          </Card>
          <Card className="space-y-2">
            <h2 className="font-bold">كلمة المرور</h2>
            <Button variant="secondary" onClick={() => setPassword(true)}>
              <KeyRound className="size-4" aria-hidden="true" /> تغيير كلمة المرور
            </Button>
          </Card>
          <MySessions />
        </div>
      </div>
      <TwoFactorPanel />
      <Modal open={password} title="تغيير كلمة المرور" onClose={() => setPassword(false)}>
        {password && <OwnPasswordForm onDone={() => setPassword(false)} />}
      </Modal>
    </div>
  );
}
