/**
 * The article editor's autosave: a few seconds after the last change, what the editor holds goes to the server (a
 * draft in review or being written is saved itself; a published or scheduled one is kept aside for this editor). The
 * first autosave of a new article creates it as a draft, once, whatever the network does (one idempotency key).
 * Also says whether there is work not yet saved anywhere.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { AdminNewsItem, NewsInput } from '../../../shared/schemas/admin';
import { errorText } from '../api/client';
import { autosave, createDraft, isEditConflict } from '../api/news';
import { AUTOSAVE_DELAY_MS, snapshot, type Values } from './news-editor-state';

export function useNewsAutosave({
  form,
  start,
  id,
  version,
  idempotencyKey,
  enabled,
  conflict,
  onConflict,
  onCreated,
  onDirty,
}: {
  form: UseFormReturn<Values, unknown, NewsInput>;
  /** What the editor opened with. */
  start: Values;
  id: number | undefined;
  version: MutableRefObject<number>;
  idempotencyKey: string;
  /** False while the editor may not write (not editable, a picture uploading). */
  enabled: boolean;
  conflict: string | null;
  onConflict: (message: string) => void;
  onCreated: (item: AdminNewsItem) => void;
  onDirty?: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const lastSaved = useRef(snapshot(start));
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState<{ at: string; aside: boolean } | null>(null);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const running = useRef(false);
  /** The autosave that is creating the article, if one is under way (a save waits for it, then saves that one). */
  const creating = useRef<Promise<AdminNewsItem> | null>(null);

  const report = useCallback(
    (d: boolean) => {
      setDirty(d);
      onDirty?.(d);
    },
    [onDirty],
  );

  /** The form's present values are what the server has (after a save or a reload). */
  const markSaved = useCallback(
    (values: Values) => {
      lastSaved.current = snapshot(values);
      report(false);
    },
    [report],
  );

  const run = useCallback(async () => {
    if (running.current || conflict || !enabled) return;
    const values = form.getValues();
    const now = snapshot(values);
    if (now === lastSaved.current || !values.title.trim() || !values.category) return;
    running.current = true;
    try {
      if (!id) {
        creating.current = createDraft({ ...values, action: 'draft' } as NewsInput, idempotencyKey);
        const created = await creating.current.finally(() => (creating.current = null));
        onCreated(created);
        setSaved({ at: created.updatedAt, aside: false });
      } else {
        const { version: _v, action: _a, publishAt: _p, restoredFrom: _r, ...body } = values as NewsInput;
        const res = await autosave(id, { ...body, version: version.current });
        if (res.target === 'article') version.current = res.version;
        setSaved({ at: res.savedAt, aside: res.target === 'autosave' });
      }
      lastSaved.current = now;
      report(snapshot(form.getValues()) !== now);
      setFailed(false);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'news', 'list'] });
    } catch (err) {
      if (isEditConflict(err)) onConflict(errorText(err, 'عدّل شخص آخر هذا الخبر'));
      else setFailed(true);
    } finally {
      running.current = false;
    }
  }, [conflict, enabled, form, id, idempotencyKey, version, onCreated, onConflict, report, queryClient]);

  useEffect(() => {
    const sub = form.watch((values) => {
      const changed = snapshot(values as Values) !== lastSaved.current;
      report(changed);
      clearTimeout(timer.current);
      if (changed) timer.current = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    });
    return () => {
      sub.unsubscribe();
      clearTimeout(timer.current);
    };
  }, [form, run, report]);

  return {
    dirty,
    saved,
    failed,
    markSaved,
    /** The article an autosave is creating right now, if any. */
    creating,
    /** No autosave from what is typed before now (a save is on its way). */
    cancel: () => clearTimeout(timer.current),
  };
}
