/** The daily digest's read: the stories published in its window, by section, the most read first. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface DigestStoryRow {
  id: number;
  title: string;
  description: string;
  imageUrl: string | null;
  category: string;
  categoryName: string;
  categoryColor: string;
  publishedAt: Date;
}

export function digestRepository(db: Db) {
  return {
    /**
     * Stories readers could see that were published in (from, to], in section order; within a section featured
     * first, then by views, then newest. At most `perSection` a section.
     */
    async stories(from: Date, to: Date, perSection: number): Promise<DigestStoryRow[]> {
      const rows = await db.execute<{
        id: number;
        title: string;
        description: string;
        image_url: string | null;
        category: string;
        category_name: string;
        category_color: string;
        published_at: string | Date;
      }>(sql`
        select id, title, description, image_url, category, category_name, category_color, published_at from (
          select n.id, n.title, n.description, n.image_url, n.category, c.name as category_name,
            c.color as category_color, n.published_at, c.position,
            row_number() over (partition by n.category
              order by n.featured desc, coalesce(v.views, 0) desc, n.published_at desc, n.id desc) as rank
          from news n
          join categories c on c.slug = n.category and c.is_active
          left join news_views v on v.news_id = n.id
          where n.status = 'published' and n.published_at > ${from} and n.published_at <= ${to}
        ) ranked
        where rank <= ${perSection}
        order by position, rank`);
      return rows.rows.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        imageUrl: r.image_url,
        category: r.category,
        categoryName: r.category_name,
        categoryColor: r.category_color,
        publishedAt: new Date(r.published_at),
      }));
    },
  };
}
export type DigestRepository = ReturnType<typeof digestRepository>;
