import { mediaUrl } from '../../../shared/media';
import type { AdCampaign, AdPlacementAdmin, AdPlacementPublic } from '../../../shared/schemas/ads';
import type {
  AdCampaignRow,
  AdCampaignTotals,
  AdCreativeWithImages,
  AdImageRow,
  AdPlacementRow,
} from './ads.repository';
import type { AdCampaignState } from '../../../shared/ads-desk';

export const presentPlacement = (p: AdPlacementRow): AdPlacementPublic => ({
  key: p.key,
  enabled: p.enabled,
  afterParagraph: p.afterParagraph,
  network: !!p.networkCode,
});

export const presentPlacementAdmin = (p: AdPlacementRow): AdPlacementAdmin => ({
  ...presentPlacement(p),
  networkCode: p.networkCode,
  updatedAt: p.updatedAt?.toISOString() ?? null,
});

const image = (i: AdImageRow | null) =>
  i ? { id: i.id, url: mediaUrl(i.id, 800), width: i.width, height: i.height } : null;

export const presentCampaign = (
  c: AdCampaignRow & { state: AdCampaignState; creatives: AdCreativeWithImages[]; totals: AdCampaignTotals },
): AdCampaign => ({
  id: c.id,
  advertiser: c.advertiser,
  name: c.name,
  startsAt: c.startsAt.toISOString(),
  endsAt: c.endsAt.toISOString(),
  placements: c.placements,
  sections: c.sections,
  weight: c.weight,
  dailyCap: c.dailyCap,
  paused: c.paused,
  state: c.state,
  creatives: c.creatives.map((cr) => ({
    id: cr.id,
    desktopImage: image(cr.desktop),
    phoneImage: image(cr.phone),
    alt: cr.alt,
    url: cr.url,
  })),
  impressions: c.totals.impressions,
  clicks: c.totals.clicks,
  todayImpressions: c.totals.today,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt?.toISOString() ?? null,
});
