/**
 * Advertising's words for the sales desk (its screens, reports and messages, the audit log): placements' names and
 * where they are, campaigns' states. Kept apart from ads.ts, which reader pages load.
 */
import type { AdPlacement } from './ads';

export const AD_PLACEMENT_NAMES: Record<AdPlacement, { label: string; where: string }> = {
  header: { label: 'أعلى الصفحة', where: 'شريط عريض تحت رأس الصفحة في كل الصفحات' },
  sidebar: { label: 'العمود الجانبي', where: 'بجانب الأخبار في الصفحة الرئيسية وبجانب نص الخبر' },
  'in-article': {
    label: 'داخل الخبر',
    where: 'بعد الفقرة المحددة من نص الخبر (لا يظهر في خبر أقصر منها)',
  },
  'between-cards': { label: 'بين البطاقات', where: 'بين أقسام الصفحة الرئيسية وبين بطاقات صفحة القسم' },
  sticky: { label: 'شريط ثابت أسفل الهاتف', where: 'شريط ثابت أسفل الشاشة على الهواتف فقط، يغلقه القارئ' },
};

export const AD_CAMPAIGN_STATES = ['scheduled', 'running', 'ended', 'paused'] as const;
export type AdCampaignState = (typeof AD_CAMPAIGN_STATES)[number];
export const AD_CAMPAIGN_STATE_LABELS: Record<AdCampaignState, string> = {
  scheduled: 'مجدولة',
  running: 'جارية',
  ended: 'انتهت',
  paused: 'موقوفة',
};

export function campaignState(c: { paused: boolean; startsAt: Date; endsAt: Date }, at: Date): AdCampaignState {
  if (c.paused) return 'paused';
  if (at < c.startsAt) return 'scheduled';
  if (at >= c.endsAt) return 'ended';
  return 'running';
}
