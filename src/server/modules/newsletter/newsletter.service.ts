/** Newsletter sign-up: stored for real, one row per e-mail (case-insensitive); a repeat is a friendly success. */
import type { PageQuery } from '../../../shared/schemas/common';
import { pageOf, type Page } from '../../lib/paging';
import type { NewsletterRepository, SubscriberRow } from './newsletter.repository';

const csvField = (v: string) =>
  /[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : v;

export function newsletterService(deps: { repo: NewsletterRepository; now: () => Date }) {
  const { repo, now } = deps;
  return {
    subscribe: (fullName: string, email: string) => repo.subscribe(fullName, email, now()),
    count: () => repo.count(),
    async page(q: PageQuery): Promise<Page<SubscriberRow>> {
      const { rows, ...count } = await repo.page(q);
      return pageOf(rows, q, count);
    },
    /** The CSV export (UTF-8 with BOM, so spreadsheets read Arabic); cells that would start a formula are quoted. */
    async *csv(): AsyncGenerator<string> {
      yield '\uFEFFfull_name,email,subscribed_at\r\n';
      for await (const rows of repo.all())
        yield rows
          .map((r) => `${[csvField(r.fullName), csvField(r.email), r.createdAt.toISOString()].join(',')}\r\n`)
          .join('');
    },
  };
}
export type NewsletterService = ReturnType<typeof newsletterService>;
