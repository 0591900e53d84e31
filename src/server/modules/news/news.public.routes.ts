import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, slugParam } from '../../../shared/schemas/common';
import { newsArticle, newsListItem, newsListQuery } from '../../../shared/schemas/news';
import { tag } from '../../lib/cache-tags';
import { API_CACHE } from '../../plugins/cache/route-cache';
import { presentNewsArticle, presentNewsListItem } from './news.presenter';
import type { NewsListRow } from './news.repository';
import type { NewsService } from './news.service';

const list = z.array(newsListItem);
/** A list's tags: one per article it shows, so an edit of any of them drops it. */
const articles = (rows: { id: number }[]) => rows.map((r) => tag.article(r.id));

export function newsPublicRoutes(service: NewsService): FastifyPluginAsyncZod {
  return async (app) => {
    const present = (rows: NewsListRow[]) => rows.map(presentNewsListItem);

    app.get(
      '/api/news',
      { schema: { querystring: newsListQuery, response: { 200: list } }, config: { cache: API_CACHE.news } },
      async (req, reply) => {
        const rows = await service.latest(req.query.limit, req.query.offset, req.query.before);
        reply.cacheTags('latest', ...articles(rows));
        return present(rows);
      },
    );

    app.get(
      '/api/news/featured',
      { schema: { response: { 200: list } }, config: { cache: API_CACHE.news } },
      async (_req, reply) => {
        // The lead age is a site setting: changing it changes this list.
        reply.cacheTags('featured', 'settings');
        const rows = await service.featured();
        reply.cacheTags(...articles(rows));
        return present(rows);
      },
    );

    app.get(
      '/api/news/category/:slug',
      {
        schema: { params: slugParam, querystring: newsListQuery, response: { 200: list } },
        config: { cache: API_CACHE.news },
      },
      async (req, reply) => {
        reply.cacheTags(tag.section(req.params.slug));
        const rows = await service.byCategory(req.params.slug, req.query.limit, req.query.offset, req.query.before);
        reply.cacheTags(...articles(rows));
        return present(rows);
      },
    );

    app.get(
      '/api/news/:id',
      { schema: { params: idParam, response: { 200: newsArticle } }, config: { cache: API_CACHE.news } },
      async (req, reply) => {
        reply.cacheTags(tag.article(req.params.id));
        const { row, extras } = await service.article(req.params.id);
        return presentNewsArticle(row, extras);
      },
    );

    app.get(
      '/api/news/:id/related',
      { schema: { params: idParam, response: { 200: list } }, config: { cache: API_CACHE.news } },
      async (req, reply) => {
        reply.cacheTags(tag.article(req.params.id));
        const { category, rows, usedSection, usedLatest } = await service.related(req.params.id);
        // Tags first (any tag change of an article drops 'archive'), then its section, then the latest.
        reply.cacheTags('archive', ...articles(rows));
        if (usedSection) reply.cacheTags(tag.section(category));
        if (usedLatest) reply.cacheTags('latest');
        return present(rows);
      },
    );
  };
}
