/**
 * How the newsletter goes out: plainly whether mail is configured (SMTP) or written to the outbox folder, and the
 * daily digest (on or off, its hour on Tripoli's clock, when the next one goes).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../../shared/format';
import { formatDateTimeOr } from '../lib/admin-format';
import type { NewsletterSettingsView } from '../../../shared/schemas/newsletter';
import { errorText } from '../api/client';
import { newsletterSettingsQuery, useSaveNewsletterSettings } from '../api/newsletter';
import { Button, Card, Field, FormAlert, LabeledSwitch, Loading, Select } from './ui';

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

export function MailStatusNotice({ view }: { view: NewsletterSettingsView }) {
  const m = view.mail;
  if (m.transport === 'outbox')
    return (
      <div
        role="status"
        data-testid="mail-not-configured"
        className="rounded border border-amber-300 bg-amber-50 p-3 leading-7 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="font-bold">البريد غير مُعدّ: لا تصل الرسائل إلى أحد.</p>
        <p className="text-sm">
          تُكتب كل رسالة ملفاً من نوع <bdi dir="ltr">eml</bdi> في المجلد <bdi dir="ltr">{m.outboxDir}</bdi> على الخادم
          (يفتحه أي برنامج بريد). لإرسالها فعلاً اضبط <code dir="ltr">SMTP_URL</code> و<code dir="ltr">MAIL_FROM</code>{' '}
          ثم أعد تشغيل الموقع.
        </p>
      </div>
    );
  return (
    <p className="rounded border border-green-300 bg-green-50 p-3 text-sm text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-100">
      البريد مُعدّ: تُرسل الرسائل عبر خادم SMTP من <bdi dir="ltr">{m.from}</bdi>،{' '}
      {m.ratePerSecond > 0 ? `بحد أقصى ${formatNumber(m.ratePerSecond)} رسالة في الثانية` : 'بلا حد للسرعة'}.
    </p>
  );
}

function DigestForm({ view }: { view: NewsletterSettingsView }) {
  const [enabled, setEnabled] = useState(view.digestEnabled);
  const [hour, setHour] = useState(view.digestHour);
  const save = useSaveNewsletterSettings();
  useEffect(() => {
    setEnabled(view.digestEnabled);
    setHour(view.digestHour);
  }, [view.digestEnabled, view.digestHour]);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ digestEnabled: enabled, digestHour: hour });
      }}
    >
      <LabeledSwitch checked={enabled} onChange={setEnabled} label="إرسال النشرة اليومية" />
      <Field
        label="ساعة الإرسال (بتوقيت طرابلس)"
        id="digest-hour"
        hint="تضم أبرز ما نُشر منذ النشرة السابقة من كل قسم، ولا تُرسل إن لم يُنشر جديد. إن اخترت ساعة مضت اليوم ولم تُرسل نشرة اليوم بعد، تُرسل فور الحفظ"
      >
        <Select
          id="digest-hour"
          className="max-w-32"
          value={hour}
          disabled={!enabled}
          onChange={(e) => setHour(Number(e.target.value))}
          aria-describedby="digest-hour-hint"
        >
          {Array.from({ length: 24 }, (_, h) => (
            <option key={h} value={h}>
              {hourLabel(h)}
            </option>
          ))}
        </Select>
      </Field>
      {view.nextDigestAt && <p className="text-sm">النشرة التالية: {formatDateTimeOr(view.nextDigestAt)}</p>}
      <FormAlert message={save.isError ? errorText(save.error, 'حدث خطأ أثناء حفظ إعدادات النشرة') : undefined} />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'جاري الحفظ...' : 'حفظ'}
      </Button>
    </form>
  );
}

export function NewsletterSettings() {
  const view = useQuery(newsletterSettingsQuery());
  if (view.isError) return <p role="alert">تعذّر تحميل إعدادات النشرة</p>;
  if (!view.data) return <Loading />;
  return (
    <div className="space-y-4">
      <MailStatusNotice view={view.data} />
      <Card>
        <h3 className="mb-3 text-lg font-bold">النشرة اليومية</h3>
        <DigestForm view={view.data} />
      </Card>
    </div>
  );
}
