import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { weatherResponse } from '../../../shared/schemas/weather';
import { OPEN_METEO_SAMPLE, startFakeWeather, type FakeWeather } from '../../test/fake-weather';
import { createTestApp, testConfig, type TestApp } from '../../test/harness';

let fake: FakeWeather;
let clock = new Date('2026-06-01T10:00:00Z');
const apps: TestApp[] = [];

/** A provider that answers gets 5 s (a busy machine is slow); one that hangs is given up on after 300 ms. */
async function appWith(baseUrl: string, timeoutMs = 5000) {
  const t = await createTestApp({
    config: testConfig({ WEATHER_API_URL: baseUrl, WEATHER_TIMEOUT_MS: String(timeoutMs) }),
    now: () => clock,
  });
  apps.push(t);
  return t;
}

beforeAll(async () => {
  fake = await startFakeWeather();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});
afterAll(() => fake.close());

describe('GET /api/weather', () => {
  it("maps the provider's answer: current weather in Arabic and a three-day forecast", async () => {
    fake.respond({ body: OPEN_METEO_SAMPLE });
    const t = await appWith(fake.url);
    const res = await t.app.inject('/api/weather');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(weatherResponse.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      fallback: false,
      weather: {
        city: 'طرابلس',
        temp: 32,
        humidity: 52,
        wind: 17,
        uv: 8.3,
        description: 'صحو غالباً',
        lastUpdated: '2026-06-01T12:00',
      },
    });
    expect(body.forecast).toEqual([
      { date: '2026-06-01', day: 'اليوم', high: 33, low: 22, condition: 'صحو غالباً' },
      { date: '2026-06-02', day: 'غداً', high: 35, low: 23, condition: 'غائم' },
      { date: '2026-06-03', day: 'بعد غد', high: 30, low: 21, condition: 'أمطار خفيفة' },
    ]);
    const asked = new URL(fake.requests.at(-1)!, fake.url);
    expect(asked.pathname).toBe('/v1/forecast');
    expect(asked.searchParams.get('latitude')).toBe('32.8872');
    expect(asked.searchParams.get('longitude')).toBe('13.1913');
  });

  it('caches the answer for 30 minutes, then asks again', async () => {
    const t = await appWith(fake.url);
    const before = fake.requests.length;
    await t.app.inject('/api/weather');
    await Promise.all([t.app.inject('/api/weather'), t.app.inject('/api/weather')]);
    expect(fake.requests.length).toBe(before + 1);
    clock = new Date(clock.getTime() + 29 * 60_000);
    await t.app.inject('/api/weather');
    expect(fake.requests.length).toBe(before + 1);
    clock = new Date(clock.getTime() + 2 * 60_000);
    await t.app.inject('/api/weather');
    expect(fake.requests.length).toBe(before + 2);
  });

  it.each([
    ['a server error', { status: 500, body: { error: true } }],
    ['an unexpected shape', { body: { current: { temperature_2m: 'hot' } } }],
    ['broken JSON', { raw: '{"current": ' }],
    ['no answer before the timeout', { hang: true }],
  ])('falls back to the spec values on %s, marked as fallback', async (_label, next) => {
    fake.respond(next);
    const t = await appWith(fake.url, 'hang' in next ? 300 : 5000);
    const res = await t.app.inject('/api/weather');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fallback: true, weather: { temp: 23, humidity: 45, wind: 10 }, forecast: [] });
  });

  it('falls back when the provider cannot be reached at all, and retries after a minute', async () => {
    const t = await appWith('http://127.0.0.1:9');
    expect((await t.app.inject('/api/weather')).json().fallback).toBe(true);
    fake.respond({ body: OPEN_METEO_SAMPLE });
    const t2 = await appWith(fake.url);
    fake.respond({ status: 503, body: {} });
    expect((await t2.app.inject('/api/weather')).json().fallback).toBe(true);
    fake.respond({ body: OPEN_METEO_SAMPLE });
    clock = new Date(clock.getTime() + 61_000);
    expect((await t2.app.inject('/api/weather')).json().fallback).toBe(false);
  });
});
