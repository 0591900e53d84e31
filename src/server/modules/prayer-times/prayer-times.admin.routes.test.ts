import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';
import { addAdmin, as, login } from '../../test/admin-client';
import { addPrayerDay } from '../../test/fixtures';
import { parsePrayerXml } from './prayer-import';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-prayer-'));
const file = path.join(dir, 'tripoli.xml');
const good = `<?xml version="1.0" encoding="UTF-8"?>
<prayerTimes city="Tripoli">
  <day date="2026-03-01" fajr="05:20" dhuhr="12:40" asr="15:55" maghrib="18:25" isha="19:45"/>
  <day date="2026-03-02" fajr="05:19" dhuhr="12:40" asr="15:56" maghrib="18:26" isha="19:46"/>
</prayerTimes>`;

let t: TestApp;
let call: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp({ config: testConfig({ PRAYER_XML_PATH: file }) });
  await addAdmin(t.database.db, 'chief', 'admin');
  call = as(t.app, (await login(t.app, 'chief')).cookie);
  await addPrayerDay(t.database.db, {
    date: '2025-12-31',
    fajr: '06:30',
    dhuhr: '13:10',
    asr: '15:50',
    maghrib: '18:10',
    isha: '19:35',
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const dates = async () => (await call('GET', '/api/admin/prayer-times')).json().map((r: { date: string }) => r.date);

describe('prayer times import', () => {
  it.each([
    ['a truncated file', good.slice(0, good.length - 40)],
    ['a bad time', good.replace('05:19', '25:19')],
    ['an impossible date', good.replace('2026-03-02', '2026-02-30')],
    ['a repeated date', good.replace('2026-03-02', '2026-03-01')],
    ['no days', '<prayerTimes></prayerTimes>'],
    ['not XML at all', 'hello'],
  ])('refuses %s and changes nothing', async (_label, content) => {
    fs.writeFileSync(file, content);
    const res = await call('POST', '/api/admin/prayer-times/import', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^تعذّر استيراد الملف/);
    expect(await dates()).toEqual(['2025-12-31']);
  });

  it('replaces every record with the file, in one step', async () => {
    fs.writeFileSync(file, good);
    const res = await call('POST', '/api/admin/prayer-times/import', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('تم استيراد مواقيت 2 يوماً بنجاح');
    expect(await dates()).toEqual(['2026-03-01', '2026-03-02']);
  });

  it('edits one day, validating HH:mm on the server', async () => {
    const [row] = (await call('GET', '/api/admin/prayer-times')).json();
    const ok = await call('PUT', `/api/admin/prayer-times/${row.id}`, { ...row, fajr: '05:21' });
    expect(ok.json().fajr).toBe('05:21');
    for (const fajr of ['5:21', '24:00', 'fajr', '']) {
      const bad = await call('PUT', `/api/admin/prayer-times/${row.id}`, { ...row, fajr });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('الوقت يجب أن يكون بصيغة HH:mm');
    }
    expect((await call('PUT', `/api/admin/prayer-times/${row.id}`, { ...row, date: '2026-03-02' })).statusCode).toBe(
      409,
    );
  });

  it('ships a complete, valid file for Tripoli', () => {
    const days = parsePrayerXml(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../../assets/prayer-times/tripoli.xml'), 'utf8'),
    );
    expect(days.length).toBeGreaterThanOrEqual(730);
    expect(days[0]!.date).toBe('2026-01-01');
  });
});
