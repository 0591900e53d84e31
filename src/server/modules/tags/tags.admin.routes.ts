import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tagSuggestion, tagSuggestQuery } from '../../../shared/schemas/admin';
import type { TagsService } from './tags.service';

export function tagsAdminRoutes(service: TagsService): FastifyPluginAsyncZod {
  return async (app) => {
    /** Suggestions while typing a tag in the editor. */
    app.get(
      '/tags',
      {
        config: { permission: 'news.write' },
        schema: { querystring: tagSuggestQuery, response: { 200: z.array(tagSuggestion) } },
      },
      async (req) => service.suggest(req.query.q),
    );
  };
}
