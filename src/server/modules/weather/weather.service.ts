/**
 * Weather for Tripoli from Open-Meteo (no key), cached 30 minutes in the process. When the provider cannot be
 * reached or answers with something unexpected, SPEC's fallback (23°, humidity 45, wind 10 km/h) is returned,
 * marked `fallback: true`, and retried after a minute rather than 30.
 */
import { z } from 'zod';
import { cityBySlug, DEFAULT_CITY, type LibyanCity } from '../../../shared/cities';
import { TRIPOLI, WEATHER_FALLBACK } from '../../../shared/constants';
import type { WeatherResponse } from '../../../shared/schemas/weather';
import { describeWeatherCode } from './weather-codes';

export const WEATHER_TTL_MS = 30 * 60_000;
export const WEATHER_FALLBACK_TTL_MS = 60_000;
const DAY_LABELS = ['اليوم', 'غداً', 'بعد غد'];

const providerResponse = z.object({
  current: z.object({
    time: z.string(),
    temperature_2m: z.number(),
    relative_humidity_2m: z.number(),
    wind_speed_10m: z.number(),
    weather_code: z.number(),
    uv_index: z.number().nullable().optional(),
  }),
  daily: z.object({
    time: z.array(z.string()).min(3),
    temperature_2m_max: z.array(z.number()).min(3),
    temperature_2m_min: z.array(z.number()).min(3),
    weather_code: z.array(z.number()).min(3),
  }),
});

export interface WeatherDeps {
  baseUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
}

export function fallbackWeather(city: LibyanCity = cityBySlug(DEFAULT_CITY)): WeatherResponse {
  return {
    weather: {
      location: city.name,
      city: city.name,
      temp: WEATHER_FALLBACK.temp,
      description: 'غير متوفر حالياً',
      humidity: WEATHER_FALLBACK.humidity,
      wind: WEATHER_FALLBACK.wind,
    },
    forecast: [],
    fallback: true,
  };
}

export function weatherService(deps: WeatherDeps) {
  // Per city: the last answer and the provider call under way (one per city however many readers ask).
  const cached = new Map<string, { value: WeatherResponse; expiresAt: number }>();
  const inFlight = new Map<string, Promise<WeatherResponse>>();

  async function fetchFromProvider(city: LibyanCity): Promise<WeatherResponse> {
    const url = new URL('/v1/forecast', deps.baseUrl);
    url.search = new URLSearchParams({
      latitude: String(city.latitude),
      longitude: String(city.longitude),
      current: 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code,uv_index',
      daily: 'temperature_2m_max,temperature_2m_min,weather_code',
      timezone: TRIPOLI.timeZone,
      wind_speed_unit: 'kmh',
      forecast_days: '3',
    }).toString();
    const res = await deps.fetch(url, {
      signal: AbortSignal.timeout(deps.timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`weather provider answered ${res.status}`);
    const data = providerResponse.parse(await res.json());
    const c = data.current;
    return {
      weather: {
        location: city.name,
        city: city.name,
        temp: Math.round(c.temperature_2m),
        description: describeWeatherCode(c.weather_code),
        humidity: Math.round(c.relative_humidity_2m),
        wind: Math.round(c.wind_speed_10m),
        ...(c.uv_index != null ? { uv: Math.round(c.uv_index * 10) / 10 } : {}),
        lastUpdated: c.time,
      },
      forecast: DAY_LABELS.map((day, i) => ({
        date: data.daily.time[i]!,
        day,
        high: Math.round(data.daily.temperature_2m_max[i]!),
        low: Math.round(data.daily.temperature_2m_min[i]!),
        condition: describeWeatherCode(data.daily.weather_code[i]!),
      })),
      fallback: false,
    };
  }

  async function refresh(city: LibyanCity): Promise<WeatherResponse> {
    let value: WeatherResponse;
    let ttl = WEATHER_TTL_MS;
    try {
      value = await fetchFromProvider(city);
    } catch (err) {
      deps.log.warn({ err, city: city.slug }, 'weather provider unavailable; serving the fallback');
      value = fallbackWeather(city);
      ttl = WEATHER_FALLBACK_TTL_MS;
    }
    cached.set(city.slug, { value, expiresAt: deps.now().getTime() + ttl });
    return value;
  }

  return {
    /** A city's cached value if fresh; otherwise one provider call shared by all concurrent requests for it. */
    async current(citySlug: string = DEFAULT_CITY): Promise<WeatherResponse> {
      const city = cityBySlug(citySlug);
      const hit = cached.get(city.slug);
      if (hit && hit.expiresAt > deps.now().getTime()) return hit.value;
      let pending = inFlight.get(city.slug);
      if (!pending) {
        pending = refresh(city).finally(() => inFlight.delete(city.slug));
        inFlight.set(city.slug, pending);
      }
      return pending;
    },
  };
}
export type WeatherService = ReturnType<typeof weatherService>;
