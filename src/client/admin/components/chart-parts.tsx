/**
 * What the statistics charts need beyond recharts' defaults, for Arabic right-to-left screens:
 * - dates and numbers isolated as left-to-right runs (shared/format.ts isolateLtr), so "25/11" never shows as
 *   "2511/" in an axis or a tooltip;
 * - a legend and a tooltip of our own, right to left, with Arabic names only (recharts' legend icons are labelled
 *   "… legend icon" in English for screen readers; ours are decorative, the name beside them is the text).
 */
import type { ReactNode } from 'react';
import { formatNumber } from '../../../shared/format';
import { isolateLtr } from '../lib/admin-format';

/** An axis tick or a pie label: a number as one left-to-right run. */
export const numberTick = (value: unknown) =>
  typeof value === 'number' ? isolateLtr(formatNumber(value)) : String(value ?? '');

interface LegendEntry {
  value?: unknown;
  color?: string;
}

/** The legend: a coloured square (decorative) and the series' Arabic name. */
export function ChartLegend({ payload }: { payload?: readonly LegendEntry[] }) {
  if (!payload?.length) return null;
  return (
    <ul dir="rtl" className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-slate-800 dark:text-slate-100">
      {payload.map((e, i) => (
        <li key={i} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: e.color }} />
          <span>{String(e.value ?? '')}</span>
        </li>
      ))}
    </ul>
  );
}

interface TooltipEntry {
  name?: unknown;
  value?: unknown;
  color?: string;
  payload?: { fill?: string };
}

/** The tooltip: the point's label (a date, isolated; or a name) and each series' value, right to left. */
export function ChartTooltip({
  active,
  label,
  payload,
  labelDir = 'auto',
}: {
  active?: boolean;
  label?: ReactNode;
  payload?: readonly TooltipEntry[];
  /** 'ltr' for dates and numbers. */
  labelDir?: 'ltr' | 'auto';
}) {
  if (!active || !payload?.length) return null;
  return (
    <div
      dir="rtl"
      data-testid="chart-tooltip"
      className="rounded border border-slate-300 bg-white p-2 text-start text-sm text-slate-900 shadow"
    >
      {label !== undefined && label !== '' && (
        <p className="mb-1 font-bold">
          <bdi dir={labelDir}>{label}</bdi>
        </p>
      )}
      <ul className="space-y-0.5">
        {payload.map((p, i) => (
          <li key={i} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block size-2.5 rounded-full"
              style={{ background: p.color ?? p.payload?.fill }}
            />
            <span>{String(p.name ?? '')}:</span>{' '}
            <bdi dir="ltr" className="font-bold">
              {typeof p.value === 'number' ? formatNumber(p.value) : String(p.value ?? '')}
            </bdi>
          </li>
        ))}
      </ul>
    </div>
  );
}
