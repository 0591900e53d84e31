/**
 * One ad box. Its size for phones and desktops is fixed by the placement and reserved in the server's HTML, so
 * nothing moves when it fills; it always says «إعلان». Its code is a part in a chunk of its own (app/parts.ts): the
 * server draws the box with the house ad inside, the browser brings it alive once that chunk has arrived.
 */
import type { CSSProperties } from 'react';
import { AD_LABEL, AD_PLACEMENT_SPECS, type AdPlacement } from '../../../shared/ads';
import { AdFill } from './ad-fill';
import { useAdPlacement } from './ad-placement';
import { StickyBar } from './sticky-ad';

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

export interface AdSlotProps {
  placement: AdPlacement;
  className?: string;
}

export function AdSlot({ placement, className = '' }: AdSlotProps) {
  const config = useAdPlacement(placement);
  if (!config) return null;
  const spec = AD_PLACEMENT_SPECS[placement];
  const box = (
    <aside
      aria-label={AD_LABEL}
      className={`ad-slot ${spec.desktop ? '' : 'md:hidden'} ${className}`}
      data-placement={placement}
    >
      <span className="ad-label">{AD_LABEL}</span>
      <div className="ad-box" style={boxStyle(placement)}>
        <AdFill placement={placement} network={config.network} />
      </div>
    </aside>
  );
  return placement === 'sticky' ? <StickyBar>{box}</StickyBar> : box;
}
