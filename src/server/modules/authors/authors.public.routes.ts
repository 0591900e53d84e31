import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorProfile, cursorListQuery, newsListItem, usernameParam } from '../../../shared/schemas/news';
import { tag } from '../../lib/cache-tags';
import { API_CACHE } from '../../plugins/cache/route-cache';
import { presentNewsListItem } from '../news/news.presenter';
import type { AuthorsService } from './authors.service';

export function authorsPublicRoutes(service: AuthorsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/authors/:username',
      { schema: { params: usernameParam, response: { 200: authorProfile } }, config: { cache: API_CACHE.news } },
      async (req, reply) => {
        reply.cacheTags('archive');
        const a = await service.profile(req.params.username);
        return { username: a.username, fullName: a.fullName, bio: a.bio, avatarUrl: a.avatarUrl };
      },
    );

    app.get(
      '/api/authors/:username/news',
      {
        schema: { params: usernameParam, querystring: cursorListQuery, response: { 200: z.array(newsListItem) } },
        config: { cache: API_CACHE.news },
      },
      async (req, reply) => {
        reply.cacheTags('archive');
        const rows = await service.news(req.params.username, req.query.limit, req.query.before);
        reply.cacheTags(...rows.map((r) => tag.article(r.id)));
        return rows.map(presentNewsListItem);
      },
    );
  };
}
