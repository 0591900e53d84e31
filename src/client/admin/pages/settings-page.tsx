import { useQuery } from '@tanstack/react-query';
import { settingsInput, type SettingsInput } from '../../../shared/schemas/admin';
import type { PublicSettings } from '../../../shared/schemas/settings';
import { errorText } from '../api/client';
import { settingsQuery, useSaveSettings } from '../api/settings';
import { subscriberCountsQuery } from '../api/newsletter';
import { exportSubscribers } from '../components/newsletter-subscribers';
import { Link } from 'wouter';
import { applyServerErrors, useSchemaForm } from '../components/form';
import { Button, buttonClass, Card, described, Field, FormAlert, Input, Loading, PageHeader } from '../components/ui';
import { SecurityPolicy } from '../components/security-policy';

import { formatNumber } from '../../../shared/format';

const SOCIAL: [keyof PublicSettings['social'], string][] = [
  ['facebook', 'فيسبوك'],
  ['x', 'إكس'],
  ['youtube', 'يوتيوب'],
  ['instagram', 'إنستغرام'],
];

function SettingsForm({ current }: { current: PublicSettings }) {
  const form = useSchemaForm<typeof settingsInput, SettingsInput>(settingsInput, current);
  const save = useSaveSettings();
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => save.mutate(body, { onError: (err) => applyServerErrors(form, err) }));
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <fieldset disabled={save.isPending} className="contents">
        <Field label="اسم الموقع" id="s-name" error={errors.siteName?.message}>
          <Input id="s-name" {...form.register('siteName')} {...described('s-name', errors.siteName?.message)} />
        </Field>
        <Field
          label="الاسم المختصر على شاشة الهاتف"
          id="s-short-name"
          hint="يظهر تحت أيقونة الموقع حين يُثبَّت على الهاتف: 12 حرفاً على الأكثر، وإن تُرك فارغاً فاسم الموقع"
          error={errors.shortName?.message}
        >
          <Input
            id="s-short-name"
            maxLength={12}
            {...form.register('shortName')}
            {...described('s-short-name', errors.shortName?.message, true)}
          />
        </Field>
        <Field label="البريد الإلكتروني للتواصل" id="s-email" error={errors.contactEmail?.message}>
          <Input
            id="s-email"
            type="email"
            dir="ltr"
            {...form.register('contactEmail')}
            {...described('s-email', errors.contactEmail?.message)}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field label="وصف الموقع" id="s-description" error={errors.description?.message}>
            <Input id="s-description" {...form.register('description')} />
          </Field>
        </div>
        {SOCIAL.map(([key, label]) => (
          <Field key={key} label={label} id={`s-${key}`} error={errors.social?.[key]?.message}>
            <Input
              id={`s-${key}`}
              dir="ltr"
              placeholder="https://"
              {...form.register(`social.${key}`)}
              {...described(`s-${key}`, errors.social?.[key]?.message)}
            />
          </Field>
        ))}
        <Field
          label="تصحيح التاريخ الهجري (بالأيام)"
          id="s-hijri"
          hint="لمطابقة إعلان دار الإفتاء الليبية: من -2 إلى 2"
          error={errors.hijriAdjustment?.message}
        >
          <Input
            id="s-hijri"
            type="number"
            min={-2}
            max={2}
            step={1}
            {...form.register('hijriAdjustment', { valueAsNumber: true })}
            {...described('s-hijri', errors.hijriAdjustment?.message, true)}
          />
        </Field>
        <Field
          label="مدة بقاء الخبر المميز في صدارة الواجهة (بالأيام)"
          id="s-lead-age"
          hint="الخبر المميز الأقدم من ذلك يغادر الشرائح والبطاقة الكبرى تلقائياً، فتتصدر الأخبار الأحدث"
          error={errors.leadMaxAgeDays?.message}
        >
          <Input
            id="s-lead-age"
            type="number"
            min={1}
            max={30}
            step={1}
            {...form.register('leadMaxAgeDays', { valueAsNumber: true })}
            {...described('s-lead-age', errors.leadMaxAgeDays?.message, true)}
          />
        </Field>
      </fieldset>
      <div className="space-y-2 sm:col-span-2">
        <FormAlert message={save.isError ? errorText(save.error, 'حدث خطأ أثناء حفظ الإعدادات') : undefined} />
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'جاري الحفظ...' : 'حفظ الإعدادات'}
          </Button>
        </div>
      </div>
    </form>
  );
}

export function SettingsPage() {
  const current = useQuery(settingsQuery());
  const newsletter = useQuery(subscriberCountsQuery());
  return (
    <div>
      <PageHeader title="إعدادات الموقع" />
      <Card>
        {current.data ? (
          <SettingsForm current={current.data} />
        ) : current.isError ? (
          <p role="alert">تعذّر تحميل الإعدادات</p>
        ) : (
          <Loading />
        )}
      </Card>
      <Card className="mt-6">
        <h2 className="mb-2 text-lg font-bold">النشرة البريدية</h2>
        <p className="mb-3 text-sm">
          عدد المشتركين: {newsletter.data ? formatNumber(newsletter.data.subscribers) : '…'}
          {newsletter.data && ` (المؤكَّدون: ${formatNumber(newsletter.data.confirmed)})`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void exportSubscribers()}>تصدير المشتركين (CSV)</Button>
          <Link href="/admin/newsletter" className={buttonClass('secondary')}>
            المشتركون والإرسال والنشرة اليومية
          </Link>
        </div>
      </Card>
      <SecurityPolicy />
    </div>
  );
}
