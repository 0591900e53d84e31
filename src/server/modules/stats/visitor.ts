/** What a visit tells us without keeping who made it: a device class, and whether it is a crawler. */
export type Device = 'mobile' | 'tablet' | 'desktop';

export function deviceOf(userAgent: string | undefined): Device {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile/i.test(ua)) return 'mobile';
  return 'desktop';
}

export function isBot(userAgent: string | undefined): boolean {
  return (
    !userAgent ||
    /bot|crawl|spider|slurp|facebookexternalhit|preview|curl|wget|python|axios|node-fetch|autocannon|lighthouse|headless/i.test(
      userAgent,
    )
  );
}
