/**
 * What the front page needs beyond SPEC's lists: a block per active section with its newest stories. Reads the
 * existing prepared statements (one per section, all at once), so the front page adds no SQL of its own.
 */
import type { CategoriesRepository, CategoryRow } from '../categories/categories.repository';
import type { NewsListRow, NewsRepository } from '../news/news.repository';

export interface SectionBlockRows {
  section: CategoryRow;
  rows: NewsListRow[];
}

export function frontService(deps: { news: NewsRepository; categories: CategoriesRepository }) {
  return {
    async sectionBlocks(limit: number): Promise<SectionBlockRows[]> {
      const sections = await deps.categories.listActive();
      return Promise.all(
        sections.map(async (section) => ({ section, rows: await deps.news.listByCategory(section.slug, limit, 0) })),
      );
    },
  };
}
export type FrontService = ReturnType<typeof frontService>;
