import { TRIPOLI } from '../../../shared/constants';

const zone = TRIPOLI.timeZone;
const dateTime = new Intl.DateTimeFormat('ar-LY', { timeZone: zone, year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('ar-LY', { timeZone: zone, year: 'numeric', month: 'long', day: 'numeric' });

const fmt = (f: Intl.DateTimeFormat, v: string | null | undefined, empty: string) => {
  if (!v) return empty;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? 'تاريخ غير معروف' : f.format(d);
};

export const adminDateTime = (v: string | null | undefined, empty = 'غير محدد') => fmt(dateTime, v, empty);
export const adminDate = (v: string | null | undefined, empty = 'غير محدد') => fmt(dateOnly, v, empty);
/** Prayer dates: yyyy/MM/dd (SPEC §9). */
export const prayerDate = (iso: string) => iso.replace(/-/g, '/');
