/** Writes assets/prayer-times/tripoli.xml: adhan's times for Tripoli for this year and the next (see prayer-calculation.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { addDays } from '../src/shared/dates';
import { computePrayerDay } from '../src/server/modules/prayer-times/prayer-calculation';
import { prayerXml } from '../src/server/modules/prayer-times/prayer-import';

const first = Number(process.argv[2] ?? new Date().getFullYear());
const days = [];
for (let d = `${first}-01-01`; d < `${first + 2}-01-01`; d = addDays(d, 1))
  days.push({ date: d, ...computePrayerDay(d) });
const out = path.resolve(import.meta.dirname, '../assets/prayer-times/tripoli.xml');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, prayerXml(days));
console.log(`${days.length} days written to ${out}`);
