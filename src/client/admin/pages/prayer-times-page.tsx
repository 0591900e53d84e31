import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileUp, Pencil, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PRAYER_KEYS, PRAYER_NAMES, type PrayerKey } from '../../../shared/constants';
import { Button, Empty, Field, FormActions, Input, Loading, Modal, PageHeader, TableShell } from '../components/ui';
import { adminGet, adminSend, errorText } from '../lib/admin-api';
import { formatPrayerDate } from '../../lib/format';

const KEY = ['admin', 'prayer-times'];
type Row = { id: number; date: string } & Record<PrayerKey, string>;

export function PrayerTimesPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => adminGet<Row[]>('/api/admin/prayer-times') });
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<Row | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: KEY }),
      queryClient.invalidateQueries({ queryKey: ['prayer-times'] }),
    ]);

  const runImport = useMutation({
    mutationFn: () => adminSend<{ message?: string }>('POST', '/api/admin/prayer-times/import', {}),
    onSuccess: async (res) => {
      toast.success(res.message ?? 'تم الاستيراد بنجاح');
      setImporting(false);
      await refresh();
    },
    onError: (err) =>
      toast.error('خطأ في الاستيراد', {
        description: errorText(err, 'حدث خطأ أثناء استيراد مواقيت الصلاة، يرجى المحاولة مرة أخرى'),
      }),
  });
  const update = useMutation({
    mutationFn: (row: Row) => adminSend('PUT', `/api/admin/prayer-times/${row.id}`, row),
    onSuccess: async () => {
      toast.success('تم التحديث بنجاح');
      setEditing(null);
      await refresh();
    },
    onError: (err) =>
      toast.error('خطأ في التحديث', {
        description: errorText(err, 'حدث خطأ أثناء تحديث مواقيت الصلاة، يرجى المحاولة مرة أخرى'),
      }),
  });

  return (
    <div>
      <PageHeader title="مواقيت الصلاة — طرابلس">
        <Button variant="secondary" onClick={() => list.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" /> تحديث
        </Button>
        <Button onClick={() => setImporting(true)}>
          <FileUp className="size-4" aria-hidden="true" /> استيراد من XML
        </Button>
      </PageHeader>
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">فشل جلب بيانات مواقيت الصلاة</p>
      ) : !list.data?.length ? (
        <Empty text="لا توجد بيانات" action={<Button onClick={() => setImporting(true)}>استيراد من XML</Button>} />
      ) : (
        <TableShell>
          <thead>
            <tr>
              <th>التاريخ</th>
              {PRAYER_KEYS.map((k) => (
                <th key={k}>{PRAYER_NAMES[k]}</th>
              ))}
              <th>إجراءات</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((r) => (
              <tr key={r.id}>
                <td dir="ltr" className="text-start tabular-nums">
                  {formatPrayerDate(r.date)}
                </td>
                {PRAYER_KEYS.map((k) => (
                  <td key={k} className="tabular-nums">
                    {r[k]}
                  </td>
                ))}
                <td>
                  <Button
                    variant="ghost"
                    onClick={() => setEditing(r)}
                    aria-label={`تعديل مواقيت ${formatPrayerDate(r.date)}`}
                  >
                    <Pencil className="size-4" aria-hidden="true" /> تعديل
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </TableShell>
      )}
      <Modal open={importing} title="استيراد مواقيت الصلاة" onClose={() => !runImport.isPending && setImporting(false)}>
        <p className="mb-4 text-sm">
          سيتم استبدال جميع المواقيت الحالية بالمواقيت الموجودة في ملف XML الخاص بمدينة طرابلس. هل تريد المتابعة؟
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setImporting(false)} disabled={runImport.isPending}>
            إلغاء
          </Button>
          <Button onClick={() => runImport.mutate()} disabled={runImport.isPending}>
            {runImport.isPending ? 'جاري الاستيراد...' : 'استيراد'}
          </Button>
        </div>
      </Modal>
      <Modal
        open={editing !== null}
        title={editing ? `تعديل مواقيت ${formatPrayerDate(editing.date)}` : ''}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate(editing);
            }}
            className="space-y-3"
          >
            {PRAYER_KEYS.map((k) => (
              <Field key={k} label={PRAYER_NAMES[k]} id={`pt-${k}`}>
                <Input
                  id={`pt-${k}`}
                  type="time"
                  placeholder="00:00"
                  value={editing[k]}
                  onChange={(e) => setEditing({ ...editing, [k]: e.target.value })}
                  required
                />
              </Field>
            ))}
            <FormActions onCancel={() => setEditing(null)} saving={update.isPending} />
          </form>
        )}
      </Modal>
    </div>
  );
}
