/** Author pages: a staff member's name, bio and avatar, and their published articles, newest first. */
import type { NewsCursor } from '../../../shared/cursor';
import { AppError } from '../../errors';
import type { NewsRepository } from '../news/news.repository';
import type { AuthorsRepository } from './authors.repository';

const notFound = () => new AppError(404, 'AUTHOR_NOT_FOUND', 'الكاتب غير موجود');

export function authorsService(deps: { repo: AuthorsRepository; news: NewsRepository }) {
  const { repo, news } = deps;
  return {
    async profile(username: string) {
      const author = await repo.findPublic(username);
      if (!author) throw notFound();
      return author;
    },
    async news(username: string, limit: number, before?: NewsCursor) {
      const author = await repo.findPublic(username);
      if (!author) throw notFound();
      return news.listByAuthor(author.id, limit, before);
    },
    listPublic: () => repo.listPublic(),
  };
}
export type AuthorsService = ReturnType<typeof authorsService>;
