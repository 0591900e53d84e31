/** The article editor's form values: what it holds, how it starts, and what counts as a change. */
import type { Role } from '../../../shared/permissions';
import type { AdminNewsItem } from '../../../shared/schemas/admin';
import type { NewsFormFields } from './news-editor-fields';

/** Quiet time after the last keystroke before an autosave. */
export const AUTOSAVE_DELAY_MS = 3000;

export interface Me {
  id: number;
  role: Role;
}

export type Values = NewsFormFields;
export const FIELDS = [
  'title',
  'description',
  'content',
  'category',
  'imageUrl',
  'featured',
  'byline',
  'authors',
  'tags',
] as const;

export const valuesOf = (a: AdminNewsItem | null, me: Me): Values =>
  a
    ? {
        title: a.title,
        description: a.description,
        content: a.content,
        category: a.category,
        imageUrl: a.imageUrl ?? '',
        featured: a.featured,
        byline: a.byline,
        authors: a.staff.map((s) => s.id),
        tags: a.tags.map((t) => t.name),
      }
    : {
        title: '',
        description: '',
        content: '',
        category: '',
        imageUrl: '',
        featured: false,
        byline: '',
        authors: [me.id],
        tags: [],
      };

/** The comparable text of the form (what autosave and "unsaved changes" look at). */
export const snapshot = (v: Values) =>
  JSON.stringify([v.title, v.description, v.content, v.category, v.imageUrl, v.featured, v.byline, v.authors, v.tags]);

/** A random key per new article, so a create retried after a lost answer makes one article. */
export const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
