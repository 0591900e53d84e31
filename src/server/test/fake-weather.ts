/** A local stand-in for Open-Meteo: tests never reach the internet. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWeather {
  url: string;
  requests: string[];
  /** What the next requests get: a JSON body with a status, or a hang (no answer). */
  respond: (next: { status?: number; body?: unknown; raw?: string; hang?: boolean }) => void;
  close: () => Promise<void>;
}

export const OPEN_METEO_SAMPLE = {
  current: {
    time: '2026-06-01T12:00',
    temperature_2m: 31.6,
    relative_humidity_2m: 52,
    wind_speed_10m: 17.4,
    weather_code: 1,
    uv_index: 8.25,
  },
  daily: {
    time: ['2026-06-01', '2026-06-02', '2026-06-03'],
    temperature_2m_max: [33.2, 34.8, 29.5],
    temperature_2m_min: [22.1, 23.4, 21.0],
    weather_code: [1, 3, 61],
  },
};

export async function startFakeWeather(): Promise<FakeWeather> {
  let next: { status?: number; body?: unknown; raw?: string; hang?: boolean } = { body: OPEN_METEO_SAMPLE };
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    if (next.hang) return; // never answers; the client's timeout must fire
    res.writeHead(next.status ?? 200, { 'content-type': 'application/json' });
    res.end(next.raw ?? JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond: (n) => {
      next = n;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
