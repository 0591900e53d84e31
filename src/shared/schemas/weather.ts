import { z } from 'zod';

export const weatherResponse = z.object({
  weather: z.object({
    location: z.string(),
    city: z.string(),
    temp: z.number(),
    description: z.string(),
    humidity: z.number(),
    wind: z.number(),
    uv: z.number().optional(),
    lastUpdated: z.string().optional(),
  }),
  forecast: z.array(
    z.object({
      date: z.string(),
      day: z.string(),
      high: z.number(),
      low: z.number(),
      condition: z.string(),
    }),
  ),
  /** True when the provider could not be reached and SPEC's fallback values are shown. */
  fallback: z.boolean(),
});
export type WeatherResponse = z.infer<typeof weatherResponse>;
