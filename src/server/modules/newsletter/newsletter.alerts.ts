/**
 * «إرسال بالبريد»: the e-mail channel as an alert channel. An article goes to confirmed subscribers who want alerts
 * and chose its section (or every section); a breaking-news item to every confirmed subscriber who wants alerts.
 */
import type { AlertChannel } from '../alerts/alerts.channel';
import type { MailIdentity } from '../mail/mail.identity';
import type { MailTransport } from '../mail/mail.transport';
import { formatDateTime } from '../../../shared/format';
import type { EmailPayload } from './newsletter.channel';
import type { EmailAudience, NewsletterRepository } from './newsletter.repository';
import { mailStoryOf } from './newsletter.stories';

export const OUTBOX_NOTE =
  'البريد غير مُعدّ: لا تصل الرسائل إلى أحد، بل تُكتب ملفاتٍ في مجلد outbox على الخادم. اضبط SMTP_URL و MAIL_FROM لإرسالها فعلاً';

export function emailAlerts(deps: {
  repo: NewsletterRepository;
  transport: MailTransport;
  identity: () => Promise<MailIdentity>;
}): AlertChannel {
  const audienceOf = (section: string | null): Extract<EmailAudience, { kind: 'alerts' }> => ({
    kind: 'alerts',
    section,
  });
  return {
    name: 'email',
    label: 'إرسال بالبريد',
    status: () =>
      deps.transport.kind === 'smtp' ? { configured: true, note: null } : { configured: false, note: OUTBOX_NOTE },
    audience: (c) => deps.repo.audienceSize(audienceOf(c.kind === 'article' ? (c.section?.slug ?? null) : null)),
    async spec(c) {
      const me = await deps.identity();
      const payload: EmailPayload =
        c.kind === 'article'
          ? {
              ...me,
              kind: 'article',
              story: mailStoryOf(
                {
                  id: c.source.id,
                  title: c.title,
                  description: c.summary,
                  imageUrl: c.imageUrl,
                  categoryName: c.section?.name ?? null,
                  categoryColor: c.section?.color ?? null,
                  publishedAt: c.publishedAt,
                },
                me.site.origin,
              ),
            }
          : {
              ...me,
              kind: 'breaking',
              breaking: {
                title: c.title,
                url: c.path ? `${me.site.origin}${c.path}` : null,
                timeLabel: c.publishedAt ? formatDateTime(c.publishedAt) : '',
              },
            };
      return {
        channel: 'email',
        kind: c.kind,
        title: c.kind === 'breaking' ? `عاجل: ${c.title}` : c.title,
        payload,
        audience: audienceOf(c.kind === 'article' ? (c.section?.slug ?? null) : null),
      };
    },
  };
}
