/**
 * Booking advertising through the admin API as the sales desk does, for `npm run bench` (part 9) and the +ads pages of
 * `npm run lighthouse`: creatives uploaded as pictures to the media library, campaigns running from an hour ago to a
 * day from now, and the placements turned on or off.
 */
import sharp from 'sharp';

export interface CampaignBooking {
  name: string;
  advertiser?: string;
  placements: readonly string[];
  weight?: number;
  paused?: boolean;
  creative: { desktopImage: string | null; phoneImage: string | null; alt?: string; url?: string };
}

export function adDesk(origin: string, cookie: string) {
  const staff = { origin, cookie };
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(origin + path, {
      method,
      headers: { ...staff, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
  const period = {
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
  };
  const body = (c: CampaignBooking) => ({
    advertiser: c.advertiser ?? 'مصرف الجمهورية',
    name: c.name,
    ...period,
    placements: c.placements,
    sections: [],
    weight: c.weight ?? 1,
    dailyCap: null,
    paused: c.paused ?? false,
    creatives: [{ alt: 'ادخر لمستقبلك', url: 'https://bank.example.ly/save', ...c.creative }],
  });
  return {
    call,
    /** A plain picture of that size, uploaded to the media library: its id. */
    async upload(w: number, h: number, color: string): Promise<string> {
      const png = await sharp({ create: { width: w, height: h, channels: 3, background: color } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), `ad-${w}x${h}.png`);
      const res = await fetch(`${origin}/api/admin/media`, { method: 'POST', headers: staff, body: form });
      if (!res.ok) throw new Error(`upload: ${res.status}`);
      return ((await res.json()) as { id: string }).id;
    },
    book: (c: CampaignBooking) =>
      call<{ id: number; creatives: { id: number }[] }>('POST', '/api/admin/ads/campaigns', body(c)),
    /** The campaign booked as `c` changed (paused or running again, another creative). */
    change: (id: number, c: CampaignBooking) => call('PUT', `/api/admin/ads/campaigns/${id}`, body(c)),
    placement: (key: string, enabled: boolean) =>
      call('PUT', `/api/admin/ads/placements/${key}`, { enabled, afterParagraph: 3, networkCode: '' }),
  };
}
