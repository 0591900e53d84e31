/**
 * The newsletter's e-mails, written in MJML (the kept responsive e-mail language: tables and Outlook's conditional
 * comments made for us) and compiled once per message, never per recipient. Arabic and right to left in every client:
 * `dir="rtl"` on the document and again on every block of text (Gmail drops the <html> and <body> attributes, Outlook
 * reads the paragraph's own), right-aligned text, Tahoma first (it has Arabic on Windows and in Outlook; other systems
 * fall back to their own Arabic face). Each has a plain-text part of the same words.
 *
 * Per-recipient parts are placeholders (PLACEHOLDERS) filled in when a copy is made: the reader's name and links.
 */
import { lazily } from '../../../shared/lazily';

// Loaded on the first e-mail, not at start (a third of a start's compiling and evaluating; scripts/build.mjs leaves it
// out of the server bundle).
const loadMjml = lazily(() => import('mjml'));

export interface MailSite {
  siteName: string;
  /** Where links and images point (PUBLIC_URL). */
  origin: string;
  contactEmail: string;
}

/** A story as an e-mail shows it (absolute links; a JPEG picture, which every client shows, or none). */
export interface MailStory {
  title: string;
  description: string;
  url: string;
  imageUrl: string | null;
  sectionName: string;
  sectionColor: string;
  /** «الخميس 13 أغسطس 2020، 08:57 م», already formatted in Tripoli time. */
  timeLabel: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const PLACEHOLDERS = {
  name: '%%NAME%%',
  manageUrl: '%%MANAGE_URL%%',
  unsubscribeUrl: '%%UNSUBSCRIBE_URL%%',
  confirmUrl: '%%CONFIRM_URL%%',
} as const;

const BRAND = { blue: '#1e3a8a', red: '#b91c1c', ink: '#0f172a', muted: '#475569', page: '#f1f5f9', line: '#e2e8f0' };
const FONT = "Tahoma, 'Segoe UI', 'Noto Naskh Arabic', 'Geeza Pro', Arial, sans-serif";

/** Text for XML/HTML: the five characters that could end an attribute or start markup. */
export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A block of right-to-left text (mj-text's content). */
const rtl = (html: string, style = '') =>
  `<div dir="rtl" style="direction:rtl;text-align:right;${style}">${html}</div>`;

const button = (label: string, href: string, color = BRAND.blue) =>
  `<mj-button href="${href}" background-color="${color}" color="#ffffff" font-size="17px" font-weight="700" border-radius="6px" inner-padding="12px 28px" padding="8px 24px 20px">${esc(label)}</mj-button>`;

type Footer = 'list' | 'confirm';

function footer(site: MailSite, kind: Footer): { html: string; text: string } {
  const address = `${esc(site.siteName)} — طرابلس، ليبيا · <a href="mailto:${esc(site.contactEmail)}" style="color:${BRAND.muted}"><span dir="ltr">${esc(site.contactEmail)}</span></a>`;
  if (kind === 'confirm')
    return {
      html: rtl(
        `إذا لم تطلب الاشتراك فتجاهل هذه الرسالة، ولن تصلك منا رسائل أخرى.<br>${address}`,
        `font-size:13px;color:${BRAND.muted};`,
      ),
      text: `إذا لم تطلب الاشتراك فتجاهل هذه الرسالة، ولن تصلك منا رسائل أخرى.\n${site.siteName} — طرابلس، ليبيا · ${site.contactEmail}`,
    };
  return {
    html: rtl(
      `وصلتك هذه الرسالة لأنك مشترك في النشرة البريدية لـ${esc(site.siteName)}.<br>` +
        `<a href="${PLACEHOLDERS.manageUrl}" style="color:${BRAND.blue};font-weight:700">اختر ما يصلك</a> · ` +
        `<a href="${PLACEHOLDERS.unsubscribeUrl}" style="color:${BRAND.blue};font-weight:700">إلغاء الاشتراك</a><br>${address}`,
      `font-size:13px;color:${BRAND.muted};`,
    ),
    text:
      `وصلتك هذه الرسالة لأنك مشترك في النشرة البريدية لـ${site.siteName}.\n` +
      `اختر ما يصلك: ${PLACEHOLDERS.manageUrl}\nإلغاء الاشتراك: ${PLACEHOLDERS.unsubscribeUrl}\n` +
      `${site.siteName} — طرابلس، ليبيا · ${site.contactEmail}`,
  };
}

/** The frame every e-mail shares: the site's bar with its logo, the body, the footer. */
async function layout(
  site: MailSite,
  opts: { subject: string; preheader: string; body: string; footer: Footer },
): Promise<string> {
  const foot = footer(site, opts.footer);
  const doc = `<mjml lang="ar" dir="rtl">
  <mj-head>
    <mj-title>${esc(opts.subject)}</mj-title>
    <mj-preview>${esc(opts.preheader)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text align="right" font-size="16px" line-height="1.8" color="${BRAND.ink}" padding="8px 24px" />
      <mj-section direction="rtl" padding="0" />
    </mj-attributes>
    <mj-style>
      a { color: ${BRAND.blue}; }
      .story-title a { color: ${BRAND.ink}; text-decoration: none; }
      @media (prefers-color-scheme: dark) { .story-title a { color: inherit; } }
    </mj-style>
  </mj-head>
  <mj-body background-color="${BRAND.page}" width="600px">
    <mj-section background-color="${BRAND.blue}" padding="14px 12px">
      <mj-column>
        <mj-text padding="4px 12px" font-size="26px" font-weight="700" color="#ffffff" line-height="1.4">
          ${rtl(`<a href="${esc(site.origin)}/" style="color:#ffffff;text-decoration:none"><img src="${esc(site.origin)}/newsletter/logo.png" width="34" height="34" alt="" style="vertical-align:middle;border:0;margin-left:10px">${esc(site.siteName)}</a>`)}
        </mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 0 8px">
      <mj-column>
        ${opts.body}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 24px">
      <mj-column>
        <mj-text>${foot.html}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { default: mjml2html } = await loadMjml();
  const { html, errors } = await mjml2html(doc, { validationLevel: 'soft', keepComments: false });
  if (errors?.length)
    throw new Error(`mjml: ${errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('; ')}`);
  return html;
}

const storyHtml = (s: MailStory, withImage: boolean) =>
  `${withImage && s.imageUrl ? `<mj-image src="${esc(s.imageUrl)}" href="${esc(s.url)}" alt="${esc(s.title)}" padding="8px 24px 4px" border-radius="6px" />` : ''}
  <mj-text padding="6px 24px 2px" css-class="story-title">${rtl(
    `<a href="${esc(s.url)}" style="color:${BRAND.ink};text-decoration:none;font-size:19px;font-weight:700;line-height:1.6">${esc(s.title)}</a>`,
  )}</mj-text>
  ${s.description ? `<mj-text padding="0 24px 2px" color="${BRAND.muted}" font-size="15px">${rtl(esc(s.description))}</mj-text>` : ''}
  <mj-text padding="0 24px 12px" color="${BRAND.muted}" font-size="13px">${rtl(esc(s.timeLabel))}</mj-text>`;

const storyText = (s: MailStory) => `${s.title}\n${s.description ? `${s.description}\n` : ''}${s.url}\n`;

export interface DigestContent {
  /** «الخميس 13 أغسطس 2020». */
  dateLabel: string;
  sections: { name: string; color: string; stories: MailStory[] }[];
}

export async function renderDigest(site: MailSite, d: DigestContent): Promise<RenderedMail> {
  const subject = `أبرز أخبار ${d.dateLabel} | ${site.siteName}`;
  const first = d.sections[0]?.stories[0];
  const body = [
    `<mj-text padding="4px 24px 8px">${rtl(`مرحباً ${PLACEHOLDERS.name}،<br>هذه أبرز أخبار ${esc(d.dateLabel)}.`)}</mj-text>`,
    ...d.sections.map(
      (sec) => `<mj-divider border-color="${esc(sec.color)}" border-width="3px" padding="14px 24px 0" />
      <mj-text padding="6px 24px 4px" font-size="20px" font-weight="700" color="${esc(sec.color)}">${rtl(esc(sec.name))}</mj-text>
      ${sec.stories.map((s, i) => storyHtml(s, i === 0)).join('\n')}`,
    ),
    button('المزيد من الأخبار', `${esc(site.origin)}/`),
  ].join('\n');
  const html = await layout(site, {
    subject,
    preheader: first ? first.title : subject,
    body,
    footer: 'list',
  });
  const text = [
    `مرحباً ${PLACEHOLDERS.name}،`,
    `هذه أبرز أخبار ${d.dateLabel} في ${site.siteName}.`,
    '',
    ...d.sections.flatMap((sec) => [`== ${sec.name} ==`, '', ...sec.stories.map(storyText)]),
    `المزيد من الأخبار: ${site.origin}/`,
    '',
    footer(site, 'list').text,
  ].join('\n');
  return { subject, html, text };
}

export async function renderArticleAlert(site: MailSite, s: MailStory): Promise<RenderedMail> {
  const subject = `${s.title} | ${site.siteName}`;
  const body = `<mj-text padding="4px 24px 0" font-size="14px" font-weight="700" color="${esc(s.sectionColor)}">${rtl(esc(s.sectionName))}</mj-text>
    ${storyHtml(s, true)}
    ${button('اقرأ الخبر', esc(s.url))}`;
  const html = await layout(site, { subject, preheader: s.description || s.title, body, footer: 'list' });
  const text = [`${s.sectionName}`, '', storyText(s), `اقرأ الخبر: ${s.url}`, '', footer(site, 'list').text].join('\n');
  return { subject, html, text };
}

export interface BreakingContent {
  title: string;
  /** The story it links to, if any. */
  url: string | null;
  timeLabel: string;
}

export async function renderBreakingAlert(site: MailSite, b: BreakingContent): Promise<RenderedMail> {
  const subject = `عاجل: ${b.title}`;
  const body = `<mj-text padding="4px 24px 0">${rtl(
    `<span style="display:inline-block;background:${BRAND.red};color:#ffffff;font-weight:700;padding:2px 12px;border-radius:4px">عاجل</span>`,
  )}</mj-text>
    <mj-text padding="8px 24px 4px" font-size="22px" font-weight="700" line-height="1.6">${rtl(esc(b.title))}</mj-text>
    <mj-text padding="0 24px 12px" color="${BRAND.muted}" font-size="13px">${rtl(esc(b.timeLabel))}</mj-text>
    ${b.url ? button('تابع الخبر', esc(b.url), BRAND.red) : ''}`;
  const html = await layout(site, { subject, preheader: b.title, body, footer: 'list' });
  const text = [
    'عاجل',
    '',
    b.title,
    b.timeLabel,
    ...(b.url ? ['', `تابع الخبر: ${b.url}`] : []),
    '',
    footer(site, 'list').text,
  ].join('\n');
  return { subject, html, text };
}

/**
 * Consent: `signup` (a new sign-up), `campaign` (subscribers from before confirmation existed), `already` (someone
 * signed up an address that is subscribed: its owner is told, and given the preferences link, nothing changes).
 */
export async function renderConsent(
  site: MailSite,
  mode: 'signup' | 'campaign' | 'already',
  validUntil: string,
): Promise<RenderedMail> {
  if (mode === 'already') {
    const subject = `أنت مشترك بالفعل في نشرة ${site.siteName}`;
    const body = `<mj-text>${rtl(
      `مرحباً ${PLACEHOLDERS.name}،<br>طلب أحدهم (ربما أنت) الاشتراك بهذا البريد في النشرة البريدية لـ${esc(site.siteName)}، وهو مشترك بالفعل، فلم يتغير شيء.`,
    )}</mj-text>
      ${button('اختر ما يصلك', PLACEHOLDERS.manageUrl)}`;
    const html = await layout(site, { subject, preheader: 'لم يتغير شيء في اشتراكك', body, footer: 'list' });
    const text = [
      `مرحباً ${PLACEHOLDERS.name}،`,
      `طلب أحدهم (ربما أنت) الاشتراك بهذا البريد في النشرة البريدية لـ${site.siteName}، وهو مشترك بالفعل، فلم يتغير شيء.`,
      '',
      `اختر ما يصلك: ${PLACEHOLDERS.manageUrl}`,
      '',
      footer(site, 'list').text,
    ].join('\n');
    return { subject, html, text };
  }
  const subject =
    mode === 'signup' ? `أكّد اشتراكك في نشرة ${site.siteName}` : `هل تريد أن تبقى مشتركاً في نشرة ${site.siteName}؟`;
  const intro =
    mode === 'signup'
      ? `شكراً لاشتراكك في النشرة البريدية لـ${site.siteName}. اضغط الزر لتأكيد بريدك، فتبدأ رسائلنا بالوصول.`
      : `أصبحت نشرة ${site.siteName} البريدية تصل كل يوم بأبرز الأخبار، ولا نرسلها إلا لمن أكّد رغبته. اضغط الزر لتبقى مشتركاً؛ وإن لم تفعل فلن تصلك منا رسائل أخرى.`;
  const body = `<mj-text>${rtl(`مرحباً ${PLACEHOLDERS.name}،<br>${esc(intro)}`)}</mj-text>
    ${button(mode === 'signup' ? 'تأكيد الاشتراك' : 'نعم، أبقني مشتركاً', PLACEHOLDERS.confirmUrl)}
    <mj-text font-size="14px" color="${BRAND.muted}">${rtl(
      `الرابط صالح حتى ${esc(validUntil)}. إن لم يعمل الزر فانسخ هذا الرابط إلى المتصفح:<br><a href="${PLACEHOLDERS.confirmUrl}" style="word-break:break-all" dir="ltr">${PLACEHOLDERS.confirmUrl}</a>`,
    )}</mj-text>`;
  const html = await layout(site, {
    subject,
    preheader: mode === 'signup' ? 'خطوة واحدة لتأكيد اشتراكك' : 'أكّد رغبتك في البقاء مشتركاً',
    body,
    footer: mode === 'signup' ? 'confirm' : 'list',
  });
  const text = [
    `مرحباً ${PLACEHOLDERS.name}،`,
    intro,
    '',
    `${mode === 'signup' ? 'تأكيد الاشتراك' : 'نعم، أبقني مشتركاً'}: ${PLACEHOLDERS.confirmUrl}`,
    `الرابط صالح حتى ${validUntil}.`,
    '',
    footer(site, mode === 'signup' ? 'confirm' : 'list').text,
  ].join('\n');
  return { subject, html, text };
}
