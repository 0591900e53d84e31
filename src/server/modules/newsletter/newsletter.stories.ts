/** A story as the newsletter's e-mails show it: absolute links, a JPEG picture (WebP is not shown by Outlook). */
import { formatDateTime } from '../../../shared/format';
import { ogImageFor } from '../../../shared/media';
import { CATEGORY_FALLBACK } from '../../../shared/constants';
import type { MailStory } from '../mail/mail.templates';

export function mailStoryOf(
  s: {
    id: number;
    title: string;
    description: string;
    imageUrl: string | null;
    categoryName: string | null;
    categoryColor: string | null;
    publishedAt: Date | null;
  },
  origin: string,
): MailStory {
  const image = s.imageUrl ? ogImageFor(s.imageUrl) : null;
  return {
    title: s.title,
    description: s.description,
    url: `${origin}/news/${s.id}`,
    imageUrl: image ? (image.startsWith('/') ? `${origin}${image}` : image) : null,
    sectionName: s.categoryName ?? CATEGORY_FALLBACK.name,
    sectionColor: s.categoryColor ?? CATEGORY_FALLBACK.color,
    timeLabel: s.publishedAt ? formatDateTime(s.publishedAt) : '',
  };
}
