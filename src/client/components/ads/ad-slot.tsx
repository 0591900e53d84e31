/**
 * One ad box. Its size for phones and desktops is fixed by the placement and reserved in the server's HTML, so
 * nothing moves when it fills; it always says «إعلان». The server draws the house ad (contact us); once the page is
 * alive the browser asks which creatives may fill it now (one small cacheable answer per section), picks one by
 * weight, and counts it when half of it has been in view for a second. A box no campaign fills shows the
 * placement's ad-network code in a sandboxed frame of its own, when it has one, else the house ad stays.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
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
import type { ServedCreative } from '../../../shared/schemas/ads';
import type { NewsArticle } from '../../../shared/schemas/news';
import { queryOptionsFor } from '../../lib/query-client';
import { q } from '../../lib/queries';
import { useSettings } from '../../lib/use-settings';
import { deviceNow, reportImpression } from './ads-client';
import { useViewable } from './use-viewable';

/** The placements as the page was rendered with them (undefined until known: nothing is drawn). */
export function useAdPlacement(placement: AdPlacement) {
  const { data } = useQuery(queryOptionsFor(q.adPlacements()));
  return data?.find((p) => p.key === placement && p.enabled);
}

/** The section a page belongs to, for campaigns aimed at sections: a section's page, or an article's section. */
function useAdSection(): string | undefined {
  const [pathname] = useLocation();
  const client = useQueryClient();
  const section = /^\/category\/([^/]+)$/.exec(pathname);
  if (section) return decodeURIComponent(section[1]!);
  const article = /^\/news\/(\d+)/.exec(pathname);
  if (article) return client.getQueryData<NewsArticle | null>(q.article(Number(article[1])).key)?.category;
  return undefined;
}

const boxStyle = (placement: AdPlacement): CSSProperties => {
  const { phone, desktop } = AD_PLACEMENT_SPECS[placement];
  const p = phone ?? desktop!;
  const d = desktop ?? phone!;
  return {
    '--ad-pw': `${p.w}px`,
    '--ad-pr': `${p.w} / ${p.h}`,
    '--ad-dw': `${d.w}px`,
    '--ad-dr': `${d.w} / ${d.h}`,
  } as CSSProperties;
};

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

export function AdSlot({ placement, className = '' }: { placement: AdPlacement; className?: string }) {
  const config = useAdPlacement(placement);
  const section = useAdSection();
  const [alive, setAlive] = useState(false);
  useEffect(() => setAlive(true), []);
  const served = useQuery({ ...queryOptionsFor(q.ads(section)), enabled: alive && !!config, staleTime: 30_000 });
  const [fill, setFill] = useState<Fill>({ kind: 'house' });
  const slot = served.data?.slots[placement];
  useEffect(() => {
    if (!config || !served.data) return;
    const device = deviceNow();
    const usable = (slot ?? []).flatMap((c) => {
      const image = creativeImageFor(placement, device, c);
      return image ? [{ ...c, image }] : [];
    });
    const pick = pickByWeight(usable, Math.random());
    if (pick) setFill({ kind: 'creative', creative: pick, device, image: pick.image });
    else setFill(config.network ? { kind: 'network' } : { kind: 'house' });
  }, [config, served.data, slot, placement]);

  if (!config) return null;
  const spec = AD_PLACEMENT_SPECS[placement];
  return (
    <aside
      aria-label={AD_LABEL}
      className={`ad-slot ${spec.desktop ? '' : 'md:hidden'} ${className}`}
      data-placement={placement}
      data-fill={fill.kind}
    >
      <span className="ad-label">{AD_LABEL}</span>
      <div className="ad-box" style={boxStyle(placement)}>
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
    </aside>
  );
}
