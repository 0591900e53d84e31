/**
 * The daily digest. Rules (the issue leaves them open):
 * - It goes at the hour the editor chose, on Tripoli's clock; if the server was down then, as soon as it is back the
 *   same day. One a day at most, whatever the number of instances (its send's dedupe key is the Tripoli date).
 * - It holds the stories published since the previous digest (at most the last 48 hours), by section in the sections'
 *   order, up to DIGEST_PER_SECTION each: featured first, then the most read, then the newest.
 * - With nothing new it is skipped, and the history says so. Each reader gets the sections they chose; a reader whose
 *   sections have nothing new that day gets nothing.
 */
import { DEFAULT_NEWSLETTER_SETTINGS, newsletterSettingsInput } from '../../../shared/schemas/newsletter';
import type { NewsletterSettingsInput } from '../../../shared/schemas/newsletter';
import { formatFullDate } from '../../../shared/format';
import { addDays, tripoliInstant, tripoliParts } from '../../../shared/dates';
import { SYSTEM_ACTOR, type Actor, type Writer } from '../../lib/write';
import type { FanoutService, SendSpec } from '../fanout/fanout.service';
import type { MailIdentity } from '../mail/mail.identity';
import type { SettingsRepository } from '../settings/settings.repository';
import type { DigestSection, EmailPayload } from './newsletter.channel';
import type { DigestRepository } from './digest.repository';
import { mailStoryOf } from './newsletter.stories';

export const NEWSLETTER_SETTINGS_KEY = 'newsletter';
export const DIGEST_PER_SECTION = 3;
const LOOKBACK_MS = 48 * 3_600_000;
export const digestKey = (tripoliDate: string) => `email:digest:${tripoliDate}`;

export function newsletterDigest(deps: {
  repo: DigestRepository;
  settings: SettingsRepository;
  fanout: FanoutService;
  identity: () => Promise<MailIdentity>;
  write: Writer;
  now: () => Date;
}) {
  const { repo, fanout, identity, write, now } = deps;

  async function settings(): Promise<NewsletterSettingsInput> {
    const stored = (await deps.settings.get(NEWSLETTER_SETTINGS_KEY)) ?? {};
    const parsed = newsletterSettingsInput.safeParse({ ...DEFAULT_NEWSLETTER_SETTINGS, ...(stored as object) });
    return parsed.success ? parsed.data : DEFAULT_NEWSLETTER_SETTINGS;
  }

  /** The digest of the moment `at`: its stories since the previous digest, or a skip when there are none. */
  async function compose(at: Date): Promise<SendSpec> {
    const previous = await fanout.latestOf('email', ['digest']);
    const from = new Date(Math.max(previous?.createdAt.getTime() ?? 0, at.getTime() - LOOKBACK_MS));
    const rows = await repo.stories(from, at, DIGEST_PER_SECTION);
    const me = await identity();
    const sections: DigestSection[] = [];
    for (const r of rows) {
      let section = sections.find((s) => s.slug === r.category);
      if (!section)
        sections.push((section = { slug: r.category, name: r.categoryName, color: r.categoryColor, stories: [] }));
      section.stories.push(mailStoryOf(r, me.site.origin));
    }
    const dateLabel = formatFullDate(at);
    const payload: EmailPayload = { ...me, kind: 'digest', dateLabel, sections };
    return {
      channel: 'email',
      kind: 'digest',
      dedupeKey: digestKey(tripoliParts(at).date),
      title: `أبرز أخبار ${dateLabel}`,
      payload,
      audience: { kind: 'digest' },
      ...(rows.length ? {} : { skip: 'لا أخبار جديدة منذ النشرة السابقة' }),
    };
  }

  /** The minute job: makes today's digest once its hour has come (every instance asks; one makes it). */
  async function runDue(): Promise<void> {
    const s = await settings();
    if (!s.digestEnabled) return;
    const at = now();
    const { date, hour } = tripoliParts(at);
    if (hour < s.digestHour || (await fanout.byKey(digestKey(date)))) return;
    await fanout.create(SYSTEM_ACTOR, await compose(at));
  }

  return {
    settings,
    runDue,
    /** Rule: an hour chosen that has passed today, with today's digest not sent yet, sends it at once (catching up). */
    async updateSettings(actor: Actor, input: NewsletterSettingsInput): Promise<NewsletterSettingsInput> {
      await write(actor, async (tx) => {
        await deps.settings.put(NEWSLETTER_SETTINGS_KEY, input, actor.id, now(), tx);
        return {
          value: undefined,
          audit: { action: 'update', entity: 'settings', entityId: NEWSLETTER_SETTINGS_KEY, details: input },
          tags: [],
        };
      });
      // Saved either way; if making the digest fails now, the minute job makes it.
      await runDue().catch(() => undefined);
      return input;
    },
    /** When the next digest goes: today at the hour if today's has not gone yet, else tomorrow; null when off. */
    async nextAt(): Promise<Date | null> {
      const s = await settings();
      if (!s.digestEnabled) return null;
      const at = now();
      const today = tripoliParts(at).date;
      const hh = `${String(s.digestHour).padStart(2, '0')}:00`;
      const done = await fanout.byKey(digestKey(today));
      const todayAt = tripoliInstant(today, hh);
      if (!done) return todayAt.getTime() > at.getTime() ? todayAt : at;
      return tripoliInstant(addDays(today, 1), hh);
    },
    compose,
  };
}
export type NewsletterDigest = ReturnType<typeof newsletterDigest>;
