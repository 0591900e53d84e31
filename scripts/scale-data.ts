/**
 * A newsroom's database at a given size, made inside PostgreSQL (generate_series) so 100,000 articles take a couple of
 * minutes, not hours: realistic Arabic text (the demo's headlines, summaries and paragraphs, recombined with a
 * vocabulary so words have realistic frequencies), five sections, a steady ~55 articles a day back from now (so 100,000
 * is five years and 1,000 is under three weeks), 1% drafts, 1% in review, 0.5% unpublished, a few scheduled; authors,
 * tags, view counts (all time and the last eight days), the audit log, statistics, subscribers, breaking news.
 * The search vectors are the generated column, computed by PostgreSQL exactly as for the app's own saves.
 */
import os from 'node:os';
import pg from 'pg';
import { addDays, tripoliDate } from '../src/shared/dates';
import { DEMO_CATEGORIES } from '../src/server/db/seed/demo-categories';
import { DEMO_HEADLINES, DEMO_PARAGRAPHS } from '../src/server/db/seed/demo-articles';
import { computePrayerDay } from '../src/server/modules/prayer-times/prayer-calculation';
import { SANITIZER_VERSION } from '../src/server/modules/news/sanitize-html';
import { DAILY_VIEWS_KEEP_DAYS } from '../src/server/modules/views/views.service';

export const PER_DAY = 55;
/** A full name quoted in about 40 articles of 100,000 (the benchmark's "rare words" search). */
export const RARE_NAME = 'نجلاء الفزاني';
const STAFF = 30;
const TAGS = 2000;

const headlines = Object.values(DEMO_HEADLINES).flat();
const paragraphs = Object.values(DEMO_PARAGRAPHS).flat();
// People quoted in the news: rare words (a full name is in about 40 articles of 100,000), as real names are.
const FIRST = [
  'محمد',
  'أحمد',
  'علي',
  'عمر',
  'خالد',
  'مصطفى',
  'سالم',
  'إبراهيم',
  'يوسف',
  'عبدالله',
  'فاطمة',
  'عائشة',
  'مريم',
  'سعاد',
  'نجلاء',
  'هدى',
  'أسماء',
  'رجب',
  'ميلاد',
  'صالح',
  'فرج',
  'جمعة',
  'عادل',
  'طارق',
  'منصور',
  'نوري',
  'الطاهر',
  'بشير',
  'حنان',
  'زينب',
];
const FAMILY = [
  'الورفلي',
  'المصراتي',
  'الترهوني',
  'الزليتني',
  'الغرياني',
  'البرعصي',
  'العبيدي',
  'المقريف',
  'الشريف',
  'بن سليمان',
  'الفيتوري',
  'القذافي',
  'الككلي',
  'الدرسي',
  'المنفي',
  'السويحلي',
  'الجطلاوي',
  'الرقيعي',
  'الحاسي',
  'المغربي',
  'التاجوري',
  'الزوي',
  'الطرابلسي',
  'الغدامسي',
  'الفزاني',
  'الجبالي',
  'الكاديكي',
  'المريمي',
  'الشتيوي',
  'البوسيفي',
  'العقوري',
  'المهدوي',
  'الفاخري',
  'الشلماني',
  'المسماري',
  'الحضيري',
  'السنوسي',
  'الأطرش',
  'القماطي',
  'بالحاج',
  'الدباشي',
  'الكوني',
  'الصيد',
  'الفقيه',
  'اللافي',
  'الهوني',
  'المبروك',
  'الشيباني',
  'الزنتاني',
  'النالوتي',
  'الغزالي',
  'بوشناف',
  'الرابطي',
  'العربي',
  'الشويهدي',
  'الماجري',
  'العكرمي',
  'بن غلبون',
  'المشاي',
  'الشاعري',
];
// Every other full name recurs with the archive's size; RARE_NAME is planted in RARE_NAME_ARTICLES articles only, so a
// search for a person in a handful of stories finds the same handful at 1,000 and at 100,000.
const people = FIRST.flatMap((f) => FAMILY.map((l) => `${f} ${l}`)).filter((p) => p !== RARE_NAME);
const RARE_NAME_ARTICLES = 20;

const vocabulary = [
  ...new Set(
    paragraphs
      .join(' ')
      .split(/[\s،.:؛]+/)
      .filter((w) => w.length > 3),
  ),
];

export async function makeScaleDatabase(url: string, articles: number, now: Date): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const q = (text: string, values: unknown[] = []) => c.query(text, values);
    await q("set session_replication_role = 'replica'"); // no FK checks while bulk loading (the data is consistent)
    await q('begin');
    // PostgreSQL's advice for a bulk load ("Populating a Database"): build the secondary indexes once, after the rows,
    // rather than maintaining them row by row (the GIN search index most of all). Unique indexes stay: the load's
    // `on conflict do nothing` needs them.
    const secondary = (
      await q(
        `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i join pg_class t on t.oid = i.indrelid
         where t.relnamespace = 'public'::regnamespace and not i.indisunique and not i.indisprimary
           and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      )
    ).rows as { name: string; def: string }[];
    for (const index of secondary) await q(`drop index ${index.name}`);
    await q(
      `insert into categories (name, slug, description, color, position, is_active)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bool[])`,
      [
        DEMO_CATEGORIES.map((x) => x.name),
        DEMO_CATEGORIES.map((x) => x.slug),
        DEMO_CATEGORIES.map((x) => x.description),
        DEMO_CATEGORIES.map((x) => x.color),
        DEMO_CATEGORIES.map((_, i) => i),
        DEMO_CATEGORIES.map(() => true),
      ],
    );
    await q(
      `insert into admins (username, full_name, email, role, password_hash, bio)
       select 'reporter' || i, 'مراسل ' || i, 'reporter' || i || '@sahifa.ly', case when i % 3 = 0 then 'editor' else 'writer' end,
         'not-a-password', 'يغطي الشؤون المحلية والدولية.'
       from generate_series(1, ${STAFF}) i`,
    );
    await q('commit');
    // The articles themselves, the long part (each row's search vectors are computed as the app's saves compute them):
    // one connection per core, each a slice of the ids, so the machine's cores share it. An article's id is its place
    // in time (id 1 the oldest), as the app's own would be.
    const span = (articles / PER_DAY) * 86_400_000;
    const slices = Math.max(1, Math.min(os.cpus().length, Math.ceil(articles / 10_000)));
    await Promise.all(
      Array.from({ length: slices }, async (_, k) => {
        const from = Math.floor((articles * k) / slices) + 1;
        const to = Math.floor((articles * (k + 1)) / slices);
        const slice = new pg.Client({ connectionString: url });
        await slice.connect();
        try {
          await slice.query("set session_replication_role = 'replica'");
          await insertArticles(slice, from, to, articles, now, span);
        } finally {
          await slice.end();
        }
      }),
    );
    await q(`select setval('news_id_seq', $1)`, [articles]);
    await q('begin');
    const visible = `case when n.status = 'published' then n.published_at end`;
    await q(
      `insert into news_authors (news_id, admin_id, position, visible_at)
       select n.id, n.author_id, 0, ${visible} from news n`,
    );
    await q(
      `insert into news_authors (news_id, admin_id, position, visible_at)
       select n.id, (select id from admins order by id offset ((n.id * 7) % ${STAFF}) limit 1), 1, ${visible}
       from news n where n.id % 5 = 0 on conflict do nothing`,
    );
    await q(
      `insert into tags (name, slug)
       select w1 || ' ' || w2, 'tag-' || k
       from (select k, $1::text[] as w from generate_series(1, ${TAGS}) k) t,
         lateral (select w[(1 + (k * 7) % array_length(w, 1))::int] w1, w[(1 + (k * 13 + 5) % array_length(w, 1))::int] w2) x
       on conflict do nothing`,
      [vocabulary],
    );
    await q(
      `insert into news_tags (news_id, tag_id, position, visible_at)
       select n.id, t.id, x.pos, ${visible}
       from news n
       cross join lateral (values (0, 1 + (n.id * 7) % ${TAGS}), (1, 1 + (n.id * 13 + 1) % ${TAGS}),
                                  (2, 1 + (n.id % 40))) x(pos, k)
       join tags t on t.slug = 'tag-' || x.k
       on conflict do nothing`,
    );
    await q(
      `update news set description = description || ' ' || $1
       where id in (select id from news where status = 'published' order by id desc
                    offset 3 limit ${RARE_NAME_ARTICLES} * 7) and id % 7 = 0`,
      [RARE_NAME],
    );
    // Views: newer articles read more. Per day, for as many days as the site keeps them (DAILY_VIEWS_KEEP_DAYS, so
    // the table is as large as it ever grows), the same traffic at any archive size: the 1,000 most recent articles.
    await q(
      `insert into news_views (news_id, views)
       select id, 20 + (id::bigint * 7919) % 3000 + (100000 / (1 + (select max(id) from news) - id))
       from news where status = 'published'`,
    );
    await q(
      `insert into news_daily_views (day, news_id, views)
       select ($1::date - d), n.id, 1 + (n.id * (d + 3)) % 400
       from generate_series(0, ${DAILY_VIEWS_KEEP_DAYS - 1}) d,
         (select id from news where status = 'published' order by id desc limit 1000) n`,
      [tripoliDate(now)],
    );
    await q(
      `insert into section_daily_views (day, category, views)
       select d.day, n.category, sum(d.views) from news_daily_views d join news n on n.id = d.news_id group by 1, 2`,
    );
    await q(
      `insert into counters (key, value) select 'views', coalesce(sum(views), 0) from news_views
       on conflict (key) do update set value = excluded.value`,
    );
    // One revision for a tenth of the articles (the history's table at a real size).
    await q(
      `insert into news_revisions (news_id, version, admin_id, admin_name, reason, title, description, content, category,
         image_url, byline, authors, tags, created_at)
       select id, 1, author_id, 'مراسل', 'publish', title, description, content, category, image_url, '', '[]', '[]', created_at
       from news where id % 10 = 0`,
    );
    // The audit log: two entries an article.
    await q(
      `insert into audit_log (admin_id, admin_username, action, entity, entity_id, details, created_at)
       select author_id, 'reporter', a, 'news', id::text, json_build_object('title', title), created_at + (k || ' minutes')::interval
       from news, (values ('create', 0), ('update', 30)) x(a, k)`,
    );
    const days = Math.ceil(articles / PER_DAY) + 1;
    await q(
      `insert into daily_stats (day, visits, page_views, unique_visitors)
       select ($1::date - d), 5000 + d % 700, 20000 + d % 3000, 4000 + d % 500 from generate_series(0, $2) d`,
      [tripoliDate(now), days],
    );
    await q(
      `insert into daily_devices (day, device, visitors)
       select ($1::date - d), dev, 1000 + d % 300 from generate_series(0, $2) d, unnest(array['mobile', 'desktop', 'tablet']) dev`,
      [tripoliDate(now), days],
    );
    await q(
      `insert into daily_visitors (day, visitor_hash, device)
       select $1::date, md5(i::text), case when i % 3 = 0 then 'desktop' else 'mobile' end from generate_series(1, 20000) i`,
      [tripoliDate(now)],
    );
    await q(
      `insert into newsletter_subscribers (full_name, email, created_at)
       select 'مشترك ' || i, 'reader' || i || '@example.ly', $1::timestamptz - (i || ' minutes')::interval
       from generate_series(1, $2) i`,
      [now.toISOString(), Math.max(100, articles / 2)],
    );
    await q(
      `insert into breaking_news (title, is_active, priority, created_at, expires_at)
       select 'عاجل: ' || h[(1 + (i * 7) % array_length(h, 1))::int], i <= 5, i % 100, $2::timestamptz - (i || ' hours')::interval, null
       from generate_series(1, 500) i, (select $1::text[] h) v`,
      [headlines.map(([t]) => t), now.toISOString()],
    );
    const year = tripoliDate(now).slice(0, 4);
    const prayer: string[][] = [];
    for (let d = `${year}-01-01`; d.startsWith(year); d = addDays(d, 1)) {
      const p = computePrayerDay(d);
      prayer.push([d, p.fajr, p.dhuhr, p.asr, p.maghrib, p.isha]);
    }
    await q(
      `insert into prayer_times (date, fajr, dhuhr, asr, maghrib, isha)
       select d::date, f, z, a, m, i from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
         as x(d, f, z, a, m, i)`,
      [0, 1, 2, 3, 4, 5].map((k) => prayer.map((r) => r[k])),
    );
    await q("set local maintenance_work_mem = '1GB'");
    for (const index of secondary) await q(index.def);
    await q('commit');
    await q("set session_replication_role = 'origin'");
    await q('vacuum analyze');
  } finally {
    await c.end();
  }
}

/** Articles `from`..`to` of `articles` (an id is its place in time), on the given connection. */
async function insertArticles(c: pg.Client, from: number, to: number, articles: number, now: Date, span: number) {
  await c.query(
    `insert into news (id, title, description, content, category, image_url, featured, status, published_at, created_at,
         updated_at, author_id, updated_by, sanitized_with, byline)
       overriding system value
       select
         i,
         h[(1 + (i * 7919) % nh)::int] || ' ' || w[(1 + (i * 31) % nw)::int] || ' ' || w[(1 + (i * 17 + 3) % nw)::int],
         d[(1 + (i * 104729) % nd)::int] || ' ' || w[(1 + (i * 13) % nw)::int] || ' ' || w[(1 + (i * 29) % nw)::int] || ' ' || w[(1 + (i * 37) % nw)::int],
         '<p>' || p[(1 + i % np)::int] || ' ' || w[(1 + (i * 41) % nw)::int] || '</p><p>' || p[(1 + (i * 3) % np)::int] || '</p><h2>تفاصيل</h2><p>'
           || p[(1 + (i * 7) % np)::int] || ' ' || w[(1 + (i * 43) % nw)::int] || ' ' || w[(1 + (i * 47) % nw)::int] || '</p><p>'
           || p[(1 + (i * 11) % np)::int] || '</p><p>وقال ' || pe[(1 + (i * 97) % npe)::int] || ' ' || p[(1 + (i * 13) % np)::int]
           || ' ' || w[(1 + (i * 53) % nw)::int] || '</p>',
         s[(1 + i % 5)::int],
         '/media/00000000-0000-4000-8000-0000000000' || lpad(((i % 5) * 10 + i % 4)::text, 2, '0') || '/1200.webp',
         i % 23 = 0,
         case when i % 200 = 0 then 'draft' when i % 200 = 1 then 'review' when i % 400 = 2 then 'unpublished'
              when i > $7 - 5 then 'scheduled' else 'published' end,
         case when i % 200 in (0, 1) then null
              when i > $7 - 5 then $8::timestamptz + ((i - $7 + 6) || ' hours')::interval
              else $8::timestamptz - ((($7 - i)::float / $7) * $9 || ' milliseconds')::interval end,
         $8::timestamptz - ((($7 - i)::float / $7) * $9 + 3600000 || ' milliseconds')::interval,
         $8::timestamptz - ((($7 - i)::float / $7) * $9 || ' milliseconds')::interval,
         (select id from admins order by id offset (i % ${STAFF}) limit 1),
         null, ${SANITIZER_VERSION}, ''
       from generate_series($10::bigint, $11::bigint) i,
         (select $1::text[] h, array_length($1::text[], 1) nh, $2::text[] d, array_length($2::text[], 1) nd,
                 $3::text[] p, array_length($3::text[], 1) np, $4::text[] w, array_length($4::text[], 1) nw,
                 $5::text[] s, $6::text[] pe, array_length($6::text[], 1) npe) v`,
    [
      headlines.map(([t]) => t),
      headlines.map(([, d]) => d),
      paragraphs,
      vocabulary,
      DEMO_CATEGORIES.map((x) => x.slug),
      people,
      articles,
      now.toISOString(),
      span,
      from,
      to,
    ],
  );
}
