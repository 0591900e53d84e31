import { useQuery } from '@tanstack/react-query';
import { Cloud, Droplets, MapPin, Wind } from 'lucide-react';
import { useId, useState } from 'react';
import { LIBYAN_CITIES } from '../../../shared/cities';
import { PRAYER_KEYS, PRAYER_NAMES } from '../../../shared/constants';
import { MessageBox } from '../../components/message-box';
import { Skeleton } from '../../components/skeleton';
import { useNow } from '../../lib/hooks';
import { queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { nextPrayer } from './prayer-countdown';
import { chooseCity, useCity } from './use-city';

type Tab = 'prayer' | 'weather';

function PrayerPanel() {
  const city = useCity();
  const { data, isLoading, isError } = useQuery(queryOptionsFor(q.prayer(city.slug)));
  const now = useNow(1000);
  const [editing, setEditing] = useState(false);
  const formId = useId();
  if (isLoading) return <Skeleton className="h-56 w-full" />;
  if (isError || !data) return <MessageBox title="فشل في جلب أوقات الصلاة" tone="error" />;
  const next = nextPrayer(data, now);
  return (
    <div>
      <div className="mb-3 flex items-center justify-between text-sm">
        <span className="flex items-center gap-1" data-testid="prayer-city">
          <MapPin className="size-4" aria-hidden="true" /> {data.city}
        </span>
        <button
          type="button"
          onClick={() => setEditing((e) => !e)}
          className="text-blue-800 underline dark:text-blue-300"
          aria-expanded={editing}
          aria-controls={formId}
          aria-label={`تغيير المدينة (${data.city})`}
        >
          تغيير
        </button>
      </div>
      {editing && (
        <form
          id={formId}
          className="mb-3 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            chooseCity(new FormData(e.currentTarget).get('city') as string);
            setEditing(false);
          }}
        >
          <label htmlFor={`${formId}-city`} className="sr-only">
            المدينة
          </label>
          <select
            id={`${formId}-city`}
            name="city"
            defaultValue={city.slug}
            className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-800"
          >
            {LIBYAN_CITIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
          <button type="submit" className="rounded bg-blue-900 px-3 text-sm text-white">
            حفظ
          </button>
        </form>
      )}
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {PRAYER_KEYS.map((k) => {
          const isNext = k === next.key;
          return (
            <li
              key={k}
              className={`flex items-center justify-between rounded px-2 py-1.5 ${isNext ? 'bg-blue-900 font-bold text-white' : ''}`}
              aria-current={isNext ? 'time' : undefined}
            >
              <span>{PRAYER_NAMES[k]}</span>
              <span dir="ltr" className="tabular-nums">
                {data.prayerTimes[k]}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-center text-sm" aria-live="off">
        الصلاة القادمة: <strong>{PRAYER_NAMES[next.key]}</strong> بعد{' '}
        <span dir="ltr" className="font-bold tabular-nums" data-testid="prayer-countdown" suppressHydrationWarning>
          {next.left}
        </span>
      </p>
    </div>
  );
}

function WeatherPanel() {
  const city = useCity();
  const { data, isLoading, isError } = useQuery(queryOptionsFor(q.weather(city.slug)));
  if (isLoading) return <Skeleton className="h-56 w-full" />;
  if (isError || !data)
    return (
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
      >
        <p className="font-bold">خطأ</p>
        <p className="text-sm">فشل تحميل بيانات الطقس</p>
      </div>
    );
  // SPEC's fallback figures stay in the API answer (flagged), but a reader is never shown invented weather.
  if (data.fallback)
    return (
      <div
        role="status"
        className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
        data-testid="weather-unavailable"
      >
        <p className="text-sm">{data.weather.city}</p>
        <p className="mt-1 font-bold">حالة الطقس غير متاحة الآن</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          تعذّر الاتصال بمزوّد الطقس. سنعرض الطقس فور عودة الاتصال.
        </p>
      </div>
    );
  const w = data.weather;
  return (
    <div>
      <div className="flex items-center justify-between">
        <div>
          <p className="text-sm">{w.city}</p>
          <p className="text-4xl font-bold" dir="ltr">
            {w.temp}°
          </p>
          <p className="text-sm">{w.description}</p>
        </div>
        <Cloud className="size-14 text-slate-400" aria-hidden="true" />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div className="flex items-center gap-1">
          <Droplets className="size-4" aria-hidden="true" />
          <dt>الرطوبة</dt>
          <dd className="ms-auto">{w.humidity}%</dd>
        </div>
        <div className="flex items-center gap-1">
          <Wind className="size-4" aria-hidden="true" />
          <dt>الرياح</dt>
          <dd className="ms-auto">{w.wind} كم/س</dd>
        </div>
      </dl>
      <ul className="mt-3 grid grid-cols-3 gap-2 text-center text-sm">
        {data.forecast.map((d) => (
          <li key={d.date} className="rounded bg-slate-100 p-2 dark:bg-slate-800">
            <p className="font-bold">{d.day}</p>
            <p dir="ltr">
              {d.high}° / {d.low}°
            </p>
            <p className="text-xs">{d.condition}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** SPEC's tabbed widget: prayer times (the default tab) and weather, for the reader's city. */
export function PrayerWeatherWidget({ id = 'pw' }: { id?: string }) {
  const [tab, setTab] = useState<Tab>('prayer');
  const tabs: { id: Tab; label: string }[] = [
    { id: 'prayer', label: 'مواقيت الصلاة' },
    { id: 'weather', label: 'الطقس' },
  ];
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      aria-label="مواقيت الصلاة والطقس"
    >
      <div
        role="tablist"
        aria-label="مواقيت الصلاة والطقس"
        className="mb-4 grid grid-cols-2 gap-1 rounded bg-slate-100 p-1 dark:bg-slate-800"
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel-${t.id}`}
            onClick={() => setTab(t.id)}
            className={`rounded py-1.5 text-sm font-bold ${tab === t.id ? 'bg-white shadow dark:bg-slate-950' : ''}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'prayer' ? <PrayerPanel /> : <WeatherPanel />}
      </div>
    </section>
  );
}
