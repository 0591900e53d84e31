/**
 * What fills an ad box, in a chunk of its own (the box itself and its label are in the page's code and the server's
 * HTML): the house ad as the server draws it; once alive, the creatives that may fill it now on a page of this section
 * (one small cacheable answer), one picked by weight and counted when half of it has been in view for a second, or the
 * placement's ad-network code in a sandboxed frame of its own.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  AD_LABEL,
  AD_PLACEMENT_SPECS,
  creativeImageFor,
  pickByWeight,
  type AdDevice,
  type AdPlacement,
} from '../../../shared/ads';
import { publicImageUrl, srcSetFor } from '../../../shared/media';
import type { AdsServed, ServedCreative } from '../../../shared/schemas/ads';
import type { NewsArticle } from '../../../shared/schemas/news';
import { apiFetch } from '../../lib/api';
import { findQueryOptions } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { useSettings } from '../../lib/use-settings';
import { deviceNow, reportImpression } from './ads-client';
import { useViewable } from './use-viewable';

/**
 * The section a page belongs to, for campaigns aimed at sections: a section's page, or an article's section (watched,
 * so a box drawn before the article arrived on an in-site visit asks again once it has).
 */
function useAdSection(): string | undefined {
  const [pathname] = useLocation();
  const section = /^\/category\/([^/]+)$/.exec(pathname);
  const articleId = Number(/^\/news\/(\d+)/.exec(pathname)?.[1] ?? 0);
  const article = useQuery({ ...findQueryOptions(q.article(articleId)), enabled: false });
  if (section) return decodeURIComponent(section[1]!);
  return articleId ? (article.data as NewsArticle | null | undefined)?.category : undefined;
}

function HouseAd() {
  const { contactEmail } = useSettings();
  return (
    <a
      href={`mailto:${contactEmail}?subject=${encodeURIComponent('إعلان في الموقع')}`}
      className="flex h-full w-full flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed border-slate-300 bg-white text-center text-slate-600 hover:border-blue-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400"
    >
      <span className="font-bold">مساحة إعلانية</span>
      <span className="text-sm">للإعلان تواصل معنا</span>
    </a>
  );
}

function Creative({
  creative,
  placement,
  device,
  image,
}: {
  creative: ServedCreative;
  placement: AdPlacement;
  device: AdDevice;
  image: string;
}) {
  const ref = useRef<HTMLAnchorElement>(null);
  const size = AD_PLACEMENT_SPECS[placement][device]!;
  const onViewable = useCallback(
    () => reportImpression(creative.id, placement, device),
    [creative.id, placement, device],
  );
  useViewable(ref, true, onViewable);
  return (
    <a
      ref={ref}
      href={`${creative.href}?p=${placement}&d=${device}`}
      target="_blank"
      rel="sponsored noopener"
      className="block h-full w-full overflow-hidden rounded-md"
      data-creative={creative.id}
    >
      <img
        src={publicImageUrl(image)}
        srcSet={srcSetFor(image)}
        sizes={`${size.w}px`}
        alt={creative.alt}
        width={size.w}
        height={size.h}
        decoding="async"
        loading={placement === 'header' ? undefined : 'lazy'}
        className="h-full w-full object-contain"
      />
    </a>
  );
}

type Fill =
  | { kind: 'creative'; creative: ServedCreative; device: AdDevice; image: string }
  | { kind: 'network' }
  | { kind: 'house' };

export interface AdFillProps {
  placement: AdPlacement;
  /** The placement has an ad network's code (for a box no campaign fills). */
  network: boolean;
}

export function AdFill({ placement, network }: AdFillProps) {
  const section = useAdSection();
  const [alive, setAlive] = useState(false);
  useEffect(() => setAlive(true), []);
  const served = useQuery({
    queryKey: ['ads', section ?? null],
    queryFn: () => apiFetch<AdsServed>(`/api/ads${section ? `?section=${encodeURIComponent(section)}` : ''}`),
    enabled: alive,
    staleTime: 30_000,
  });
  const [fill, setFill] = useState<Fill>({ kind: 'house' });
  const slot = served.data?.slots[placement];
  useEffect(() => {
    if (!served.data) return;
    const device = deviceNow();
    const usable = (slot ?? []).flatMap((c) => {
      const image = creativeImageFor(placement, device, c);
      return image ? [{ ...c, image }] : [];
    });
    const pick = pickByWeight(usable, Math.random());
    if (pick) setFill({ kind: 'creative', creative: pick, device, image: pick.image });
    else setFill(network ? { kind: 'network' } : { kind: 'house' });
  }, [served.data, slot, placement, network]);
  return (
    <div data-fill={fill.kind}>
      {fill.kind === 'creative' ? (
        <Creative
          key={fill.creative.id}
          creative={fill.creative}
          placement={placement}
          device={fill.device}
          image={fill.image}
        />
      ) : fill.kind === 'network' ? (
        <iframe
          src={`/ads/frame/${placement}`}
          title={AD_LABEL}
          sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
          loading="lazy"
          className="h-full w-full border-0"
        />
      ) : (
        <HouseAd />
      )}
    </div>
  );
}
