/** Live coverage's small pieces the list and the desk share: its state as a badge, an entry's time. */
import { TRIPOLI } from '../../../shared/constants';
import { tripoliDate } from '../../../shared/dates';
import { formatDate, formatDateTime } from '../../../shared/format';
import { LIVE_STATE_LABELS, type LiveState } from '../../../shared/schemas/live';

const TONES: Record<LiveState, string> = {
  live: 'bg-red-700 text-white',
  ended: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/** «مباشر» (red, with a pulsing dot) or «انتهت التغطية». */
export function LiveStateBadge({ state }: { state: LiveState }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded px-2 py-0.5 text-xs font-bold ${TONES[state]}`}
      data-testid="live-state"
    >
      {state === 'live' && <span className="live-dot" aria-hidden="true" />}
      {LIVE_STATE_LABELS[state]}
    </span>
  );
}

const clock = new Intl.DateTimeFormat('ar-LY', { timeZone: TRIPOLI.timeZone, hour: 'numeric', minute: '2-digit' });

/** An entry's time on Tripoli's clock, with its date when it is not today; the full date and time as a tooltip. */
export function EntryTime({ at, className = '' }: { at: string; className?: string }) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return null;
  const today = tripoliDate(d) === tripoliDate(new Date());
  return (
    <time dateTime={at} title={`${formatDateTime(at)} بتوقيت طرابلس`} className={className}>
      {clock.format(d)}
      {!today && <span className="font-normal"> · {formatDate(at)}</span>}
    </time>
  );
}
