import { Fragment } from 'react';
import { Link } from 'wouter';
import { AdSlot } from '../../app/parts';
import { timeAgo } from '../../../shared/format';
import { MoreLink } from '../../components/headline-row';
import { LiveBadge } from '../../components/live-badge';
import { NewsImage } from '../../components/news-image';
import type { FrontPlan } from './front-plan';

/** The between-cards box comes before this block (after the first two). */
const BETWEEN_AFTER = 2;

/**
 * A block per active section, stacked under SPEC's tabs as every newspaper's front page has them: the section's
 * lead with its picture, a few more headlines, and «المزيد» to the section's page.
 */
export function SectionBlocks({ blocks, now }: { blocks: FrontPlan['blocks']; now: Date | null }) {
  return (
    <div className="space-y-6" data-testid="section-blocks">
      {blocks
        .filter((b) => b.lead)
        .map((b, i) => (
          <Fragment key={b.slug}>
            {i === BETWEEN_AFTER && <AdSlot placement="between-cards" />}
            <section
              aria-labelledby={`block-${b.slug}`}
              data-section={b.slug}
              className="below-fold [contain-intrinsic-size:auto_800px] md:[contain-intrinsic-size:auto_450px]"
            >
              <div className="mb-3 flex items-center justify-between border-b-2 pb-1" style={{ borderColor: b.color }}>
                <h2 id={`block-${b.slug}`} className="text-xl font-bold">
                  <Link to={`/category/${b.slug}`} className="hover:underline">
                    {b.name}
                  </Link>
                </h2>
                <MoreLink slug={b.slug} name={b.name} />
              </div>
              <div className="grid gap-4 md:grid-cols-2">
                <article className="min-w-0">
                  <Link
                    to={`/news/${b.lead!.id}`}
                    tabIndex={-1}
                    aria-hidden={b.lead!.imageInfo?.alt ? undefined : true}
                  >
                    <NewsImage
                      src={b.lead!.imageUrl}
                      alt={b.lead!.imageInfo?.alt ?? ''}
                      focus={b.lead!.imageInfo}
                      sizes="(min-width: 1024px) 420px, (min-width: 768px) 50vw, 100vw"
                      className="rounded-lg"
                    />
                  </Link>
                  <h3 className="mt-2 line-clamp-3 text-lg font-bold leading-8 [overflow-wrap:anywhere]">
                    {b.lead!.live && <LiveBadge className="me-2 align-middle" />}
                    <Link to={`/news/${b.lead!.id}`} className="hover:text-blue-800 dark:hover:text-blue-300">
                      <bdi>{b.lead!.title}</bdi>
                    </Link>
                  </h3>
                  <p className="line-clamp-2 text-sm leading-7 text-slate-700 dark:text-slate-300">
                    {b.lead!.description || 'بدون وصف'}
                  </p>
                </article>
                <ul className="min-w-0 divide-y divide-slate-200 dark:divide-slate-800">
                  {b.list.map((n) => {
                    const date = n.publishedAt ?? n.createdAt;
                    return (
                      <li key={n.id} className="py-2.5 first:pt-0">
                        <h3 className="line-clamp-3 font-bold leading-7 [overflow-wrap:anywhere]">
                          {n.live && <LiveBadge className="me-2 align-middle" />}
                          <Link to={`/news/${n.id}`} className="hover:text-blue-800 dark:hover:text-blue-300">
                            <bdi>{n.title}</bdi>
                          </Link>
                        </h3>
                        <time
                          dateTime={date ?? undefined}
                          className="text-xs text-slate-600 dark:text-slate-300"
                          suppressHydrationWarning
                        >
                          {now ? timeAgo(date, now) : timeAgo(date)}
                        </time>
                      </li>
                    );
                  })}
                </ul>
              </div>
            </section>
          </Fragment>
        ))}
    </div>
  );
}
