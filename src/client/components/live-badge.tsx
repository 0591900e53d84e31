/**
 * The red «مباشر» mark of live coverage that is still live: on cards, headline rows, the lead, the ticker and the
 * coverage itself (LIVE_STATE_LABELS.live of shared/live.ts, written out here: every page loads this badge, and that
 * module stays with the coverage's own code). Styled in styles.css (.live-badge). `pulse`: its dot pulses, except for
 * readers who ask for less motion.
 */
export function LiveBadge({
  pulse = false,
  large = false,
  className = '',
}: {
  pulse?: boolean;
  large?: boolean;
  /** Placement only (margins, alignment). */
  className?: string;
}) {
  return (
    <span className={`live-badge ${large ? 'live-badge-lg' : ''} ${className}`} data-testid="live-badge">
      <span className={pulse ? 'live-dot live-pulse' : 'live-dot'} aria-hidden="true" />
      مباشر
    </span>
  );
}
