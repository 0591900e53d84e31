import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, FileUp, Pencil, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PRAYER_KEYS, PRAYER_NAMES } from '../../../shared/constants';
import { tripoliDate } from '../../../shared/dates';
import { prayerTimeInput, type PrayerTimeInput, type PrayerTimeRecord } from '../../../shared/schemas/admin';
import { formatPrayerDate } from '../lib/admin-format';
import { errorText } from '../api/client';
import { prayerYearQuery, useImportPrayerTimes, useUpdatePrayerDay } from '../api/prayer-times';
import { applyServerErrors, useSchemaForm } from '../components/form';
import {
  Button,
  DataList,
  described,
  Empty,
  Field,
  FormActions,
  FormAlert,
  Input,
  Loading,
  Modal,
  PageHeader,
  Select,
} from '../components/ui';

function EditDay({ row, onDone }: { row: PrayerTimeRecord; onDone: () => void }) {
  const form = useSchemaForm<typeof prayerTimeInput, PrayerTimeInput>(prayerTimeInput, row);
  const update = useUpdatePrayerDay(onDone);
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    update.mutate({ ...body, id: row.id }, { onError: (err) => applyServerErrors(form, err) }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {PRAYER_KEYS.map((k) => (
        <Field key={k} label={PRAYER_NAMES[k]} id={`pt-${k}`} error={errors[k]?.message}>
          <Input
            id={`pt-${k}`}
            type="time"
            placeholder="00:00"
            {...form.register(k)}
            {...described(`pt-${k}`, errors[k]?.message)}
          />
        </Field>
      ))}
      <FormAlert
        message={
          update.isError
            ? errorText(update.error, 'حدث خطأ أثناء تحديث مواقيت الصلاة، يرجى المحاولة مرة أخرى')
            : undefined
        }
      />
      <FormActions onCancel={onDone} saving={update.isPending} />
    </form>
  );
}

const MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
];

/** Tripoli's prayer times a year at a time (one request), shown a month at a time; it opens at today (highlighted). */
export function PrayerTimesPage() {
  const today = tripoliDate(new Date());
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [month, setMonth] = useState(Number(today.slice(5, 7)));
  const list = useQuery(prayerYearQuery(year));
  const prefix = `${year}-${String(month).padStart(2, '0')}-`;
  const rows = list.data?.filter((r) => r.date.startsWith(prefix));
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<PrayerTimeRecord | null>(null);
  const runImport = useImportPrayerTimes(() => setImporting(false));

  useEffect(() => {
    if (rows?.some((r) => r.date === today))
      document.querySelector(`[data-testid="prayer-row-${today}"]`)?.scrollIntoView({ block: 'center' });
  }, [rows, today]);

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
      <nav aria-label="الشهر والسنة" className="mb-4 flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => setYear((y) => y - 1)} aria-label="السنة السابقة">
          <ChevronRight className="size-4" aria-hidden="true" />
        </Button>
        <span className="min-w-16 text-center font-bold tabular-nums">{year}</span>
        <Button variant="secondary" onClick={() => setYear((y) => y + 1)} aria-label="السنة التالية">
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Button>
        <label htmlFor="pt-month" className="sr-only">
          الشهر
        </label>
        <Select id="pt-month" className="max-w-40" value={month} onChange={(e) => setMonth(Number(e.target.value))}>
          {MONTHS.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </Select>
      </nav>
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <p role="alert">فشل جلب بيانات مواقيت الصلاة</p>
      ) : !rows?.length ? (
        <Empty text="لا توجد بيانات" action={<Button onClick={() => setImporting(true)}>استيراد من XML</Button>} />
      ) : (
        <DataList
          items={rows}
          keyOf={(r) => r.id}
          testId={(r) => `prayer-row-${r.date}`}
          highlight={(r) => r.date === today}
          title={(r) => (
            <span dir="ltr" className="tabular-nums">
              {formatPrayerDate(r.date)}
              {r.date === today ? ' — اليوم' : ''}
            </span>
          )}
          columns={[
            {
              header: 'التاريخ',
              cell: (r) => (
                <span dir="ltr" className="tabular-nums">
                  {formatPrayerDate(r.date)}
                </span>
              ),
            },
            ...PRAYER_KEYS.map((k) => ({
              header: PRAYER_NAMES[k],
              cell: (r: PrayerTimeRecord) => r[k],
              className: 'tabular-nums',
            })),
          ]}
          actions={(r) => (
            <Button
              variant="ghost"
              onClick={() => setEditing(r)}
              aria-label={`تعديل مواقيت ${formatPrayerDate(r.date)}`}
            >
              <Pencil className="size-4" aria-hidden="true" /> تعديل
            </Button>
          )}
        />
      )}
      <Modal open={importing} title="استيراد مواقيت الصلاة" onClose={() => !runImport.isPending && setImporting(false)}>
        <p className="mb-4 text-sm">
          سيتم استبدال جميع المواقيت الحالية بالمواقيت الموجودة في ملف XML الخاص بمدينة طرابلس. هل تريد المتابعة؟
        </p>
        <FormAlert
          message={
            runImport.isError
              ? errorText(runImport.error, 'حدث خطأ أثناء استيراد مواقيت الصلاة، يرجى المحاولة مرة أخرى')
              : undefined
          }
        />
        <div className="mt-4 flex justify-end gap-2">
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
        {editing && <EditDay key={editing.id} row={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </div>
  );
}
