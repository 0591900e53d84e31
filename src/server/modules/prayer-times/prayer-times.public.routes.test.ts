import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prayerTimesResponse } from '../../../shared/schemas/prayer-times';
import { createTestApp, type TestApp } from '../../test/harness';
import { addPrayerDay } from '../../test/fixtures';
import { computePrayerDay } from './prayer-calculation';

let clock = new Date('2026-06-01T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await addPrayerDay(t.database.db, {
    date: '2026-06-01',
    fajr: '03:30',
    dhuhr: '13:10',
    asr: '16:55',
    maghrib: '20:30',
    isha: '22:00',
  });
  await addPrayerDay(t.database.db, {
    date: '2026-06-02',
    fajr: '03:29',
    dhuhr: '13:10',
    asr: '16:55',
    maghrib: '20:31',
    isha: '22:01',
  });
});
afterAll(() => t.close());

async function prayer(at: string) {
  clock = new Date(at);
  const res = await t.app.inject('/api/prayer-times');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(prayerTimesResponse.safeParse(body).success).toBe(true);
  return body;
}

describe('GET /api/prayer-times', () => {
  it("serves today's imported record and the next prayer with the time left (Tripoli is UTC+2)", async () => {
    const body = await prayer('2026-06-01T10:00:00Z'); // 12:00 in Tripoli
    expect(body.source).toBe('record');
    expect(body.prayerTimes).toEqual({
      date: '2026-06-01',
      fajr: '03:30',
      dhuhr: '13:10',
      asr: '16:55',
      maghrib: '20:30',
      isha: '22:00',
    });
    expect(body.nextPrayer).toEqual({
      key: 'dhuhr',
      name: 'الظهر',
      time: '13:10',
      date: '2026-06-01',
      instant: '2026-06-01T11:10:00.000Z',
      remaining: '01:10',
      remainingSeconds: 4200,
    });
  });

  it("after isha the next prayer is tomorrow's fajr", async () => {
    const body = await prayer('2026-06-01T20:30:00Z'); // 22:30 in Tripoli, after isha at 22:00
    expect(body.prayerTimes.date).toBe('2026-06-01');
    expect(body.nextPrayer).toMatchObject({
      key: 'fajr',
      name: 'الفجر',
      time: '03:29',
      date: '2026-06-02',
      instant: '2026-06-02T01:29:00.000Z',
      remaining: '04:59',
      remainingSeconds: 17940,
    });
  });

  it('rolls the day over at midnight in Tripoli, not in UTC', async () => {
    const body = await prayer('2026-06-01T22:30:00Z'); // already 00:30 on 2 June in Tripoli
    expect(body.prayerTimes.date).toBe('2026-06-02');
    expect(body.nextPrayer).toMatchObject({ key: 'fajr', date: '2026-06-02', remaining: '02:59' });
  });

  it('computes a day that has no record, and the rollover into it', async () => {
    const body = await prayer('2026-06-02T21:00:00Z'); // 23:00 on 2 June: tomorrow (3 June) has no record
    expect(body.nextPrayer.date).toBe('2026-06-03');
    expect(body.nextPrayer.time).toBe(computePrayerDay('2026-06-03').fajr);
    const noRecord = await prayer('2026-07-15T08:00:00Z');
    expect(noRecord.source).toBe('computed');
    expect(noRecord.prayerTimes).toEqual({ date: '2026-07-15', ...computePrayerDay('2026-07-15') });
  });
});

describe('computePrayerDay (adhan, Egyptian method, Tripoli)', () => {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  it.each(['2026-01-15', '2026-03-21', '2026-06-21', '2026-09-23', '2026-12-21'])(
    'gives ordered, plausible times on %s',
    (date) => {
      const d = computePrayerDay(date);
      const order = [d.fajr, d.dhuhr, d.asr, d.maghrib, d.isha].map(minutes);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      // Solar noon in Tripoli (13.19° E, UTC+2) is 12:53 minus the equation of time: about 12:37 to 13:21 over the year.
      expect(minutes(d.dhuhr)).toBeGreaterThanOrEqual(minutes('12:37'));
      expect(minutes(d.dhuhr)).toBeLessThanOrEqual(minutes('13:25'));
    },
  );
});
