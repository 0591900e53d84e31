import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { PublicSettings } from '../../../shared/schemas/settings';
import { Button, Card, Field, Input, Loading, PageHeader } from '../components/ui';
import { adminGet, adminSend, errorText } from '../lib/admin-api';

export function SettingsPage() {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: () => adminGet<PublicSettings>('/api/admin/settings'),
  });
  const newsletter = useQuery({
    queryKey: ['admin', 'newsletter'],
    queryFn: () => adminGet<{ subscribers: number }>('/api/admin/newsletter'),
  });
  const [form, setForm] = useState<PublicSettings | null>(null);
  useEffect(() => {
    if (current.data) setForm(current.data);
  }, [current.data]);
  const save = useMutation({
    mutationFn: (body: PublicSettings) => adminSend<PublicSettings>('PUT', '/api/admin/settings', body),
    onSuccess: async () => {
      toast.success('تم التحديث');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'settings'] }),
        queryClient.invalidateQueries({ queryKey: ['settings'] }),
      ]);
    },
    onError: (err) => toast.error('حدث خطأ', { description: errorText(err, 'حدث خطأ أثناء حفظ الإعدادات') }),
  });
  if (current.isLoading || !form) return <Loading />;
  const social = (key: keyof PublicSettings['social'], label: string) => (
    <Field label={label} id={`s-${key}`}>
      <Input
        id={`s-${key}`}
        dir="ltr"
        value={form.social[key]}
        onChange={(e) => setForm({ ...form, social: { ...form.social, [key]: e.target.value } })}
        placeholder="https://"
      />
    </Field>
  );
  return (
    <div>
      <PageHeader title="إعدادات الموقع" />
      <Card>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(form);
          }}
          className="grid gap-4 sm:grid-cols-2"
        >
          <fieldset disabled={save.isPending} className="contents">
            <Field label="اسم الموقع" id="s-name">
              <Input
                id="s-name"
                value={form.siteName}
                onChange={(e) => setForm({ ...form, siteName: e.target.value })}
              />
            </Field>
            <Field label="البريد الإلكتروني للتواصل" id="s-email">
              <Input
                id="s-email"
                type="email"
                dir="ltr"
                value={form.contactEmail}
                onChange={(e) => setForm({ ...form, contactEmail: e.target.value })}
              />
            </Field>
            <div className="sm:col-span-2">
              <Field label="وصف الموقع" id="s-description">
                <Input
                  id="s-description"
                  value={form.description}
                  onChange={(e) => setForm({ ...form, description: e.target.value })}
                />
              </Field>
            </div>
            {social('facebook', 'فيسبوك')}
            {social('x', 'إكس')}
            {social('youtube', 'يوتيوب')}
            {social('instagram', 'إنستغرام')}
            <Field
              label="تصحيح التاريخ الهجري (بالأيام)"
              id="s-hijri"
              hint="لمطابقة إعلان دار الإفتاء الليبية: من -2 إلى 2"
            >
              <Input
                id="s-hijri"
                type="number"
                min={-2}
                max={2}
                value={form.hijriAdjustment}
                onChange={(e) => setForm({ ...form, hijriAdjustment: Number(e.target.value) || 0 })}
              />
            </Field>
          </fieldset>
          <div className="flex items-end justify-end sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'جاري الحفظ...' : 'حفظ الإعدادات'}
            </Button>
          </div>
        </form>
      </Card>
      <Card className="mt-6">
        <h2 className="mb-2 text-lg font-bold">النشرة البريدية</h2>
        <p className="mb-3 text-sm">عدد المشتركين: {newsletter.data?.subscribers ?? '…'}</p>
        <a
          href="/api/admin/newsletter/export.csv"
          download
          className="inline-block rounded-md bg-blue-900 px-3 py-2 text-sm font-bold text-white hover:bg-blue-800"
        >
          تصدير المشتركين (CSV)
        </a>
      </Card>
    </div>
  );
}
