/**
 * Advertising through its API: placements an admin turns on and off; campaigns that start and end by themselves,
 * aimed at sections, weighted (a chi-square test over the browser's picks), capped per day; viewable impressions in
 * batches (bots not counted); the click redirect, counted and only ever to the campaign's own address; a network's
 * code only in a sandboxed frame of its own; reports and their CSV; bad input refused with clear Arabic messages.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickByWeight } from '../../../shared/ads';
import type { AdsServed } from '../../../shared/schemas/ads';
import { addAdmin, as, login, uploadFile } from '../../test/admin-client';
import { addCategory } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { AD_FRAME_CSP } from './ads.public.routes';

let clock = new Date('2026-06-10T08:00:00Z').getTime();
const now = () => new Date(clock);
const later = (minutes: number) => (clock += minutes * 60_000);
const iso = (minutesFromNow: number) => new Date(clock + minutesFromNow * 60_000).toISOString();

const READER_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile';

let t: TestApp;
let admin: ReturnType<typeof as>;
let editor: ReturnType<typeof as>;
let adminCookie: string;
let wide: string;
let narrow: string;

const upload = (content: Buffer, filename: string, type: string) =>
  uploadFile(t.app, adminCookie, content, { filename, type });
const banner = (w: number, h: number, color: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();

const campaign = (extra: Record<string, unknown> = {}) => ({
  advertiser: 'مصرف الجمهورية',
  name: 'حملة الادخار',
  startsAt: iso(-60),
  endsAt: iso(60 * 24 * 30),
  placements: ['header', 'sidebar'],
  sections: [],
  weight: 1,
  dailyCap: null,
  paused: false,
  creatives: [
    { desktopImage: wide, phoneImage: narrow, alt: 'ادخر مع مصرف الجمهورية', url: 'https://bank.example.ly/save' },
  ],
  ...extra,
});

const served = async (section?: string): Promise<AdsServed> => {
  const res = await t.app.inject(`/api/ads${section ? `?section=${section}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const servedIds = async (placement: string, section?: string) =>
  ((await served(section)).slots[placement] ?? []).map((c) => c.id).sort((a, b) => a - b);

const beacon = (items: { c: number; p: string; d: string }[], ua = READER_UA) =>
  t.app.inject({ method: 'POST', url: '/api/ads/impressions', headers: { 'user-agent': ua }, payload: { i: items } });
/** A reader's click on a creative's link (the first-party redirect), from a browser or from `ua`. */
const click = (creative: number | string, query = 'p=header&d=phone', ua = READER_UA) =>
  t.app.inject({ url: `/ads/click/${creative}?${query}`, headers: { 'user-agent': ua } });

async function signIn() {
  adminCookie = (await login(t.app, 'ads-admin')).cookie!;
  admin = as(t.app, adminCookie);
  editor = as(t.app, (await login(t.app, 'ads-editor')).cookie!);
}

beforeAll(async () => {
  t = await createTestApp({ now });
  await addCategory(t.database.db, { slug: 'sport', name: 'رياضة' });
  await addAdmin(t.database.db, 'ads-admin', 'admin');
  await addAdmin(t.database.db, 'ads-editor', 'editor');
  await signIn();
  wide = (await upload(await banner(1456, 180, '#0f766e'), 'wide.png', 'image/png')).json().id;
  narrow = (await upload(await banner(640, 200, '#b45309'), 'narrow.png', 'image/png')).json().id;
});
afterAll(() => t.close());

describe('placements', () => {
  it('has the sidebar box on and the rest off until an admin turns them on; pages follow at once', async () => {
    const before = (await t.app.inject('/api/ads/placements')).json();
    expect(before.find((p: { key: string }) => p.key === 'sidebar').enabled).toBe(true);
    expect(before.find((p: { key: string }) => p.key === 'header').enabled).toBe(false);

    const res = await admin('PUT', '/api/admin/ads/placements/in-article', {
      enabled: true,
      afterParagraph: 2,
      networkCode: '',
    });
    expect(res.statusCode).toBe(200);
    const after = (await t.app.inject('/api/ads/placements')).json();
    expect(after.find((p: { key: string }) => p.key === 'in-article')).toMatchObject({
      enabled: true,
      afterParagraph: 2,
    });
    const bad = await admin('PUT', '/api/admin/ads/placements/in-article', {
      enabled: true,
      afterParagraph: 0,
      networkCode: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('رقم الفقرة من 1');
    expect(
      (await admin('PUT', '/api/admin/ads/placements/nowhere', { enabled: true, afterParagraph: 1, networkCode: '' }))
        .statusCode,
    ).toBe(400);
  });

  it('is the admins’ alone', async () => {
    expect((await editor('GET', '/api/admin/ads/campaigns')).statusCode).toBe(403);
    expect((await editor('POST', '/api/admin/ads/campaigns', campaign())).statusCode).toBe(403);
    expect((await t.app.inject('/api/admin/ads/campaigns')).statusCode).toBe(401);
  });
});

describe('campaigns', () => {
  it('refuses a javascript: address, a missing image, a section that is not there, an end before the start, with the field named', async () => {
    const js = await admin(
      'POST',
      '/api/admin/ads/campaigns',
      campaign({ creatives: [{ ...campaign().creatives[0], url: 'javascript:alert(1)' }] }),
    );
    expect(js.statusCode).toBe(400);
    expect(js.json().details).toContainEqual({
      path: 'body.creatives.0.url',
      message: 'رابط المعلِن يبدأ بـ https:// أو http://',
    });
    const data = await admin(
      'POST',
      '/api/admin/ads/campaigns',
      campaign({ creatives: [{ ...campaign().creatives[0], url: 'data:text/html,<script>1</script>' }] }),
    );
    expect(data.statusCode).toBe(400);
    const gone = await admin(
      'POST',
      '/api/admin/ads/campaigns',
      campaign({ creatives: [{ ...campaign().creatives[0], desktopImage: '00000000-0000-4000-8000-000000000000' }] }),
    );
    expect(gone.statusCode).toBe(422);
    expect(gone.json().message).toContain('صورة الإعلان غير موجودة');
    const nowhere = await admin(
      'POST',
      '/api/admin/ads/campaigns',
      campaign({ sections: ['sport', 'no-such-section'] }),
    );
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().details).toContainEqual({
      path: 'body.sections',
      message: 'القسم «no-such-section» غير موجود',
    });
    // A section a campaign was aimed at and that was removed since does not stop its form from being saved again.
    await addCategory(t.database.db, { slug: 'elections', name: 'انتخابات' });
    const aimed = await admin(
      'POST',
      '/api/admin/ads/campaigns',
      campaign({ name: 'انتخابات', sections: ['elections'] }),
    );
    expect(aimed.statusCode).toBe(201);
    await t.database.pool.query("delete from categories where slug = 'elections'");
    const again = await admin(
      'PUT',
      `/api/admin/ads/campaigns/${aimed.json().id}`,
      campaign({ name: 'انتخابات ٢', sections: ['elections'] }),
    );
    expect(again.statusCode).toBe(200);
    const added = await admin(
      'PUT',
      `/api/admin/ads/campaigns/${aimed.json().id}`,
      campaign({ name: 'انتخابات ٢', sections: ['elections', 'no-such-section'] }),
    );
    expect(added.statusCode).toBe(422);
    expect((await admin('DELETE', `/api/admin/ads/campaigns/${aimed.json().id}`)).statusCode).toBe(204);
    const backwards = await admin('POST', '/api/admin/ads/campaigns', campaign({ startsAt: iso(60), endsAt: iso(30) }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details).toContainEqual({ path: 'body.endsAt', message: 'موعد الانتهاء بعد موعد البدء' });
    const noPhone = await admin(
      'POST',
      '/api/admin/ads/campaigns',
      campaign({ creatives: [{ ...campaign().creatives[0], phoneImage: null }] }),
    );
    expect(noPhone.statusCode).toBe(400);
    expect(JSON.stringify(noPhone.json().details)).toContain('يحتاج صورة للهاتف مقاس 320×100');
    expect((await admin('GET', '/api/admin/ads/campaigns')).json()).toEqual([]);
  });

  it('refuses an SVG and a 40 MB file as a creative’s picture (the media pipeline)', async () => {
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'ad.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(415);
    const big = await upload(Buffer.alloc(40 * 1024 * 1024, 1), 'ad.jpg', 'image/jpeg');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('حجم الصورة أكبر من 10 ميغابايت');
  });

  it('starts and ends by itself, and a paused one is not served', async () => {
    const res = await admin('POST', '/api/admin/ads/campaigns', campaign({ startsAt: iso(10), endsAt: iso(70) }));
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c.state).toBe('scheduled');
    const creative = c.creatives[0].id;
    expect(await servedIds('header')).toEqual([]);
    later(11);
    expect(await servedIds('header')).toEqual([creative]);
    expect(await servedIds('sidebar')).toEqual([creative]);
    expect((await admin('GET', `/api/admin/ads/campaigns/${c.id}`)).json().state).toBe('running');
    const one = (await served()).slots.header![0]!;
    expect(one).toMatchObject({ alt: 'ادخر مع مصرف الجمهورية', href: `/ads/click/${creative}` });
    expect(one.desktop).toBe(`/media/${wide}/800.webp`);
    expect(one.phone).toBe(`/media/${narrow}/800.webp`);

    // Paused by the desk: gone at once (the answer is dropped with the change).
    const paused = await admin('PUT', `/api/admin/ads/campaigns/${c.id}`, {
      ...campaign({ startsAt: c.startsAt, endsAt: c.endsAt }),
      paused: true,
      creatives: [{ ...campaign().creatives[0], id: creative }],
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().state).toBe('paused');
    expect(paused.json().creatives[0].id).toBe(creative);
    expect(await servedIds('header')).toEqual([]);
    await admin('PUT', `/api/admin/ads/campaigns/${c.id}`, {
      ...campaign({ startsAt: c.startsAt, endsAt: c.endsAt }),
      creatives: [{ ...campaign().creatives[0], id: creative }],
    });
    expect(await servedIds('header')).toEqual([creative]);

    later(60);
    expect(await servedIds('header')).toEqual([]);
    expect(
      (await admin('GET', '/api/admin/ads/campaigns?state=ended')).json().map((x: { id: number }) => x.id),
    ).toContain(c.id);
    expect(
      (await admin('GET', '/api/admin/audit-log?pageSize=50'))
        .json()
        .filter((e: { entity: string }) => e.entity === 'ad_campaign').length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('shows a campaign aimed at a section only on that section’s pages', async () => {
    const sport = (
      await admin(
        'POST',
        '/api/admin/ads/campaigns',
        campaign({ name: 'ملعب', sections: ['sport'], placements: ['sidebar'] }),
      )
    ).json();
    const all = (
      await admin('POST', '/api/admin/ads/campaigns', campaign({ name: 'للجميع', placements: ['sidebar'] }))
    ).json();
    expect(await servedIds('sidebar')).toEqual([all.creatives[0].id]);
    expect(await servedIds('sidebar', 'sport')).toEqual(
      [sport.creatives[0].id, all.creatives[0].id].sort((a, b) => a - b),
    );
    expect(await servedIds('sidebar', 'economy')).toEqual([all.creatives[0].id]);
    await admin('DELETE', `/api/admin/ads/campaigns/${sport.id}`);
    await admin('DELETE', `/api/admin/ads/campaigns/${all.id}`);
    expect(await servedIds('sidebar', 'sport')).toEqual([]);
  });

  it('shares a campaign’s weight among its creatives; the browser’s picks follow the weights (chi-square)', async () => {
    const a = (
      await admin('POST', '/api/admin/ads/campaigns', campaign({ name: 'أ', weight: 1, placements: ['sidebar'] }))
    ).json();
    const b = (
      await admin(
        'POST',
        '/api/admin/ads/campaigns',
        campaign({
          name: 'ب',
          weight: 6,
          placements: ['sidebar'],
          creatives: [
            campaign().creatives[0],
            { ...campaign().creatives[0], alt: 'تصميم ثان', url: 'https://bank.example.ly/2' },
          ],
        }),
      )
    ).json();
    const slot = (await served()).slots.sidebar!;
    expect(slot.map((c) => c.weight)).toEqual([1, 3, 3]);
    const picks = new Map<number, number>();
    const N = 20_000;
    for (let i = 0; i < N; i++) {
      const c = pickByWeight(slot, Math.random())!;
      picks.set(c.id, (picks.get(c.id) ?? 0) + 1);
    }
    const expected = [N / 7, (3 * N) / 7, (3 * N) / 7];
    const ids = [a.creatives[0].id, b.creatives[0].id, b.creatives[1].id];
    const chi2 = ids.reduce((s, id, i) => s + ((picks.get(id) ?? 0) - expected[i]!) ** 2 / expected[i]!, 0);
    // Two degrees of freedom: above 13.8 happens by chance once in a thousand runs.
    expect(chi2).toBeLessThan(13.8);
    await admin('DELETE', `/api/admin/ads/campaigns/${a.id}`);
    await admin('DELETE', `/api/admin/ads/campaigns/${b.id}`);
  });
});

describe('counting', () => {
  it('counts viewable impressions in batches (never a bot’s), stops a campaign at its daily cap, and reports them', async () => {
    const c = (await admin('POST', '/api/admin/ads/campaigns', campaign({ name: 'سقف يومي', dailyCap: 5 }))).json();
    const id = c.creatives[0].id;
    expect(await servedIds('header')).toEqual([id]);
    expect(
      (
        await beacon([
          { c: id, p: 'header', d: 'phone' },
          { c: id, p: 'sidebar', d: 'desktop' },
        ])
      ).statusCode,
    ).toBe(204);
    expect(
      (await beacon([{ c: id, p: 'header', d: 'phone' }], 'Googlebot/2.1 (+http://www.google.com/bot.html)'))
        .statusCode,
    ).toBe(204);
    // A creative in a placement its campaign is not booked for, and one that does not exist: not counted.
    expect(
      (
        await beacon([
          { c: id, p: 'sticky', d: 'phone' },
          { c: 999_999, p: 'header', d: 'phone' },
        ])
      ).statusCode,
    ).toBe(204);
    expect((await beacon([{ c: id, p: 'header', d: 'tablet' }])).statusCode).toBe(400);
    expect((await beacon([])).statusCode).toBe(400);
    await t.app.modules.adCounter.flush();
    let report = (await admin('GET', `/api/admin/ads/campaigns/${c.id}/report`)).json();
    expect(report.rows).toEqual([
      { day: '2026-06-10', placement: 'header', device: 'phone', impressions: 1, clicks: 0 },
      { day: '2026-06-10', placement: 'sidebar', device: 'desktop', impressions: 1, clicks: 0 },
    ]);
    expect(await servedIds('header')).toEqual([id]);
    await beacon([1, 2, 3].map(() => ({ c: id, p: 'header', d: 'desktop' })));
    await t.app.modules.adCounter.flush();
    expect(await servedIds('header')).toEqual([]);
    expect((await admin('GET', `/api/admin/ads/campaigns/${c.id}`)).json()).toMatchObject({
      impressions: 5,
      todayImpressions: 5,
    });
    // A new Tripoli day: served again.
    later(24 * 60);
    await signIn();
    expect(await servedIds('header')).toEqual([id]);
    report = (await admin('GET', `/api/admin/ads/campaigns/${c.id}/report`)).json();
    expect(report.rows.reduce((s: number, r: { impressions: number }) => s + r.impressions, 0)).toBe(5);
    await admin('DELETE', `/api/admin/ads/campaigns/${c.id}`);
  });

  it('sends a click to the campaign’s own address only, and counts it', async () => {
    const c = (
      await admin(
        'POST',
        '/api/admin/ads/campaigns',
        campaign({ name: 'نقرات', advertiser: '=HYPERLINK("http://evil")' }),
      )
    ).json();
    const id = c.creatives[0].id;
    const first = await click(id, 'p=header&d=phone&url=https://evil.example');
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://bank.example.ly/save');
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject(`/ads/click/999999?p=header&d=phone`)).statusCode).toBe(404);
    expect((await t.app.inject(`/ads/click/abc`)).statusCode).toBe(400);
    await click(id, undefined, 'curl/8.0');
    // The same reader clicking again (a double tap, the redirect reloaded) is sent on, and not counted twice; a reader
    // on another browser behind the same address is counted.
    const again = await click(id);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('https://bank.example.ly/save');
    await click(id, undefined, READER_UA.replace(/Chrome\/[\d.]+/, 'Chrome/131.0.0.0'));
    await t.app.modules.adCounter.flush();
    const report = (await admin('GET', `/api/admin/ads/campaigns/${c.id}/report`)).json();
    expect(report.rows).toEqual([{ day: report.to, placement: 'header', device: 'phone', impressions: 0, clicks: 2 }]);

    const csv = await admin('GET', `/api/admin/ads/campaigns/${c.id}/report.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body).toContain(`${report.to},أعلى الصفحة,هاتف,0,2,0\r\n`);
    await admin('DELETE', `/api/admin/ads/campaigns/${c.id}`);
  });

  it('sends a click to an address with Arabic in it, encoded as a browser sends it', async () => {
    const c = (
      await admin(
        'POST',
        '/api/admin/ads/campaigns',
        campaign({
          name: 'عروض',
          creatives: [{ ...campaign().creatives[0], url: 'https://shop.example.ly/عروض?س=1' }],
        }),
      )
    ).json();
    expect(c.creatives[0].url).toBe('https://shop.example.ly/%D8%B9%D8%B1%D9%88%D8%B6?%D8%B3=1');
    const res = await click(c.creatives[0].id);
    expect(res.statusCode).toBe(302);
    expect(decodeURI(res.headers.location as string)).toBe('https://shop.example.ly/عروض?س=1');
    await admin('DELETE', `/api/admin/ads/campaigns/${c.id}`);
  });

  it('counts nothing for a campaign that is paused, though a page may still show it', async () => {
    const c = (await admin('POST', '/api/admin/ads/campaigns', campaign({ name: 'موقوفة' }))).json();
    const id = c.creatives[0].id;
    await admin('PUT', `/api/admin/ads/campaigns/${c.id}`, {
      ...campaign({ name: 'موقوفة', startsAt: c.startsAt, endsAt: c.endsAt }),
      paused: true,
      creatives: [{ ...campaign().creatives[0], id }],
    });
    expect((await beacon([{ c: id, p: 'header', d: 'phone' }])).statusCode).toBe(204);
    expect((await click(id)).statusCode).toBe(302);
    await t.app.modules.adCounter.flush();
    expect((await admin('GET', `/api/admin/ads/campaigns/${c.id}`)).json()).toMatchObject({
      impressions: 0,
      clicks: 0,
    });
    await admin('DELETE', `/api/admin/ads/campaigns/${c.id}`);
  });

  it('keeps a picture an ad shows in the library', async () => {
    const c = (await admin('POST', '/api/admin/ads/campaigns', campaign({ name: 'صورة محمية' }))).json();
    const del = await admin('DELETE', `/api/admin/media/${wide}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('الحملة الإعلانية «صورة محمية»');
    await admin('DELETE', `/api/admin/ads/campaigns/${c.id}`);
  });
});

describe('an ad network’s code', () => {
  it('runs only in a sandboxed frame of its own; the reader page’s policy is unchanged', async () => {
    const page = await t.app.inject('/');
    const policy = page.headers['content-security-policy'];
    expect((await t.app.inject('/ads/frame/sidebar')).statusCode).toBe(404);
    await admin('PUT', '/api/admin/ads/placements/sidebar', {
      enabled: true,
      afterParagraph: 3,
      networkCode: '<script>document.write("network")</script>',
    });
    const frame = await t.app.inject('/ads/frame/sidebar');
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain('<script>document.write("network")</script>');
    expect(frame.headers['content-security-policy']).toBe(AD_FRAME_CSP);
    expect(AD_FRAME_CSP).toContain('sandbox allow-scripts');
    expect(AD_FRAME_CSP).not.toContain('allow-same-origin');
    const placements = (await t.app.inject('/api/ads/placements')).json();
    expect(placements.find((p: { key: string }) => p.key === 'sidebar')).toMatchObject({ network: true });
    expect(JSON.stringify(placements)).not.toContain('document.write');
    const after = await t.app.inject('/');
    expect(after.headers['content-security-policy']).toBe(policy);
    expect(policy).not.toContain("unsafe-inline'; ");
  });
});
