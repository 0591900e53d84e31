/**
 * The media library's contract: an image with what readers are told about it (alt, caption, credit, source) and its
 * focal point; the library's page, search and filters; and the little every reader surface needs (imageInfo).
 */
import { z } from 'zod';
import { ISO_DATE } from '../dates';
import { decimalInt, pageQuery } from './common';

export const MEDIA_ALT_MAX = 300;
export const MEDIA_CAPTION_MAX = 1000;
export const MEDIA_CREDIT_MAX = 200;
export const MEDIA_SOURCE_MAX = 200;

/** What a reader surface shows with an image: its alt, caption and credit, and where its subject is. */
export const imageInfo = z.object({
  alt: z.string(),
  caption: z.string(),
  credit: z.string(),
  source: z.string(),
  /** The focal point in percent (null: the centre). */
  focusX: z.number().int().nullable(),
  focusY: z.number().int().nullable(),
});
export type ImageInfo = z.infer<typeof imageInfo>;

/** An article (or live coverage) that shows the image. */
export const mediaUse = z.object({ newsId: z.number().int(), title: z.string(), status: z.string() });
export type MediaUse = z.infer<typeof mediaUse>;

export const mediaItem = imageInfo.extend({
  id: z.string(),
  url: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  originalName: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  updatedAt: z.string().nullable(),
  /** The first articles that show it (MEDIA_USES_SHOWN), and how many in all. */
  uses: z.array(mediaUse),
  useCount: z.number().int(),
});
export type MediaItem = z.infer<typeof mediaItem>;
export const MEDIA_USES_SHOWN = 5;

const text = (max: number, what: string) => z.string().trim().max(max, `${what} ${max} حرف على الأكثر`).default('');
const focus = z.number().int().min(0, 'النقطة خارج الصورة').max(100, 'النقطة خارج الصورة').nullable().default(null);

export const mediaUpdateInput = z
  .object({
    alt: text(MEDIA_ALT_MAX, 'النص البديل'),
    caption: text(MEDIA_CAPTION_MAX, 'التعليق'),
    credit: text(MEDIA_CREDIT_MAX, 'حقوق الصورة'),
    source: text(MEDIA_SOURCE_MAX, 'المصدر'),
    focusX: focus,
    focusY: focus,
  })
  .refine((v) => (v.focusX === null) === (v.focusY === null), {
    path: ['focusX'],
    message: 'حدّد النقطة المهمة بنقرة على الصورة',
  });
export type MediaUpdateInput = z.infer<typeof mediaUpdateInput>;

/** The library's page: newest first, by words (alt, caption, credit, source, file name), uploader and day. */
export const mediaListQuery = pageQuery.extend({
  q: z.string().trim().max(200).optional(),
  uploader: decimalInt(1, 2_147_483_647).optional(),
  /** Tripoli days (yyyy-mm-dd), both included. */
  from: z.string().regex(ISO_DATE, 'التاريخ غير صالح').optional(),
  to: z.string().regex(ISO_DATE, 'التاريخ غير صالح').optional(),
});
export type MediaListQuery = z.infer<typeof mediaListQuery>;

export const mediaIdParam = z.object({ id: z.uuid('معرّف الصورة غير صالح') });

/** Who has uploaded to the library (the uploader filter). */
export const mediaUploader = z.object({ id: z.number().int(), fullName: z.string() });
