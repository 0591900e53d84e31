/**
 * The front page's section blocks in one statement: every active section in its order, each with its newest visible
 * stories, read through news_category_idx by a LATERAL join (one query and one connection, however many sections).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/named';
import { isLiveSql } from '../live/live.sql';
import { imageInfoSql } from '../media/media.sql';
import type { ImageInfo } from '../../../shared/schemas/media';
import type { NewsListRow } from '../news/news.repository';

export interface SectionBlockRow {
  slug: string;
  name: string;
  color: string;
  rows: NewsListRow[];
}

type Flat = {
  slug: string;
  name: string;
  color: string;
  id: number | null;
  title: string;
  description: string;
  image_url: string | null;
  featured: boolean;
  views: number;
  published_at: Date | null;
  created_at: Date;
  live: boolean;
  image_info: ImageInfo | null;
};

export function frontRepository(db: Db, now: () => Date) {
  return {
    async sectionBlocks(limit: number): Promise<SectionBlockRow[]> {
      const rows = await executeNamed<Flat>(
        db,
        'front_sections',
        sql`
        select c.slug, c.name, c.color, n.id, n.title, n.description, n.image_url, n.featured,
               coalesce(v.views, 0)::int as views, n.published_at, n.created_at,
               ${isLiveSql('n.id')} as live, ${imageInfoSql('n.image_url')} as image_info
        from categories c
        left join lateral (
          select id, title, description, image_url, featured, published_at, created_at from news
          where news.category = c.slug and news.status = 'published' and news.published_at <= ${now()}
          order by news.published_at desc nulls last, news.id desc nulls last
          limit ${limit}
        ) n on true
        left join news_views v on v.news_id = n.id
        where c.is_active
        order by c.position, c.id, n.published_at desc nulls last, n.id desc nulls last`,
      );
      const blocks = new Map<string, SectionBlockRow>();
      for (const r of rows) {
        let block = blocks.get(r.slug);
        if (!block) blocks.set(r.slug, (block = { slug: r.slug, name: r.name, color: r.color, rows: [] }));
        if (r.id === null) continue;
        block.rows.push({
          id: r.id,
          title: r.title,
          description: r.description,
          category: r.slug,
          categoryName: r.name,
          categoryColor: r.color,
          imageUrl: r.image_url,
          featured: r.featured,
          views: Number(r.views),
          publishedAt: r.published_at === null ? null : new Date(r.published_at),
          createdAt: new Date(r.created_at),
          live: r.live,
          imageInfo: r.image_info,
        });
      }
      return [...blocks.values()];
    },
  };
}
export type FrontRepository = ReturnType<typeof frontRepository>;
