/**
 * Live coverage in the newsroom: the list of coverages, the live desk's stream (first every entry, then every 3 s
 * the changes after the last one seen), and the desk's writes. A write shows on this desk at once (its answer goes
 * into the stream) and asks for the changes at once, so colleagues' work posted meanwhile follows it.
 */
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type {
  AdminLiveCoverage,
  LiveDesk,
  LiveEntry,
  LiveEntryInput,
  LiveEntryUpdate,
  LiveState,
} from '../../../shared/schemas/live';
import {
  applyChange,
  applyPoll,
  deskFromFirstLoad,
  withCoverage,
  withoutEntry,
  withPin,
  type DeskState,
} from '../lib/live-stream';
import { notify } from '../lib/notify';
import { ApiError, adminGet, adminSend, errorText, queryString } from './client';
import { useAdminMutation } from './mutation';
import { newsKeys } from './news';

/** Between two polls of the desk while it is in view (three times as long in a hidden tab). */
export const DESK_POLL_MS = 3000;

export const liveKeys = {
  all: ['admin', 'live'] as const,
  list: () => [...liveKeys.all, 'list'] as const,
  desk: (id: number) => [...liveKeys.all, 'desk', id] as const,
};

/** Someone changed the entry after this editor opened it (the form keeps the text and says who). */
export const isEntryConflict = (err: unknown) => err instanceof ApiError && err.status === 409;
/** The article is live coverage already: its desk is where to go. */
const isAlreadyLive = (err: unknown) => err instanceof ApiError && err.status === 409 && /ALREADY_LIVE/.test(err.body);

/** The coverages, newest first (the list screen, and the editor's «مكتب التغطية»). */
export const liveListQuery = () =>
  queryOptions({
    queryKey: liveKeys.list(),
    queryFn: () => adminGet<AdminLiveCoverage[]>('/api/admin/live'),
    staleTime: 0,
    refetchInterval: 30_000,
  });

const deskPath = (id: number, since: number) => `/api/admin/live/${id}${queryString({ since: since || undefined })}`;

/**
 * The desk's stream. The first fetch takes every entry; each later one (every 3 s) only the changes after the
 * cursor, merged into the stream as it is when the answer arrives (so an entry this desk posted meanwhile stays).
 */
export const liveDeskQuery = (id: number) =>
  queryOptions({
    queryKey: liveKeys.desk(id),
    queryFn: async ({ client }): Promise<DeskState> => {
      const since = client.getQueryData<DeskState>(liveKeys.desk(id))?.cursor ?? 0;
      const answer = await adminGet<LiveDesk>(deskPath(id, since));
      const held = client.getQueryData<DeskState>(liveKeys.desk(id));
      if (since === 0) return deskFromFirstLoad(answer);
      if (held) return applyPoll(held, answer, since);
      return deskFromFirstLoad(await adminGet<LiveDesk>(deskPath(id, 0)));
    },
    staleTime: 0,
    // A desk that never loaded (no such coverage) does not poll; its screen offers to try again.
    refetchInterval: (query) =>
      query.state.data === undefined ? false : document.hidden ? DESK_POLL_MS * 3 : DESK_POLL_MS,
    refetchIntervalInBackground: true,
  });

/** Puts a write's answer into the desk's stream, then asks for the changes after it. */
function useDeskUpdate(id: number) {
  const queryClient = useQueryClient();
  return (change: (s: DeskState) => DeskState) => {
    queryClient.setQueryData<DeskState>(liveKeys.desk(id), (s) => s && change(s));
    void queryClient.invalidateQueries({ queryKey: liveKeys.desk(id) });
  };
}

/**
 * Turns an article into live coverage (editors), then `onStarted` (the desk opens). An article that is coverage
 * already opens its desk too, saying so.
 */
export const useStartLive = (onStarted: (newsId: number) => void) =>
  useAdminMutation({
    mutationFn: (newsId: number) => adminSend<AdminLiveCoverage>('POST', '/api/admin/live', { newsId }),
    success: 'بدأت التغطية المباشرة',
    error: 'حدث خطأ أثناء بدء التغطية المباشرة',
    quiet: isAlreadyLive,
    invalidate: [liveKeys.list(), newsKeys.all],
    onSuccess: (c) => onStarted(c.newsId),
    onError: (err, newsId) => {
      if (!isAlreadyLive(err)) return;
      notify.info(errorText(err, 'هذا الخبر تغطية مباشرة بالفعل'), 'فُتح مكتب التغطية');
      onStarted(newsId);
    },
  });

/** Ends or reopens the coverage (editors); readers' pages follow at their next poll. */
export function useSetLiveState(id: number) {
  const update = useDeskUpdate(id);
  return useAdminMutation({
    mutationFn: (state: LiveState) => adminSend<AdminLiveCoverage>('PUT', `/api/admin/live/${id}/state`, { state }),
    success: (_c, state) => (state === 'ended' ? 'انتهت التغطية المباشرة' : 'استُؤنفت التغطية المباشرة'),
    error: 'حدث خطأ أثناء تغيير حالة التغطية',
    invalidate: [liveKeys.list(), newsKeys.all],
    onSuccess: (c) => update((s) => withCoverage(s, c)),
  });
}

/** Pins an entry at the top of the coverage, or none (editors). */
export function usePinEntry(id: number) {
  const update = useDeskUpdate(id);
  return useAdminMutation({
    mutationFn: (entryId: number | null) =>
      adminSend<{ pinnedId: number | null; seq: number }>('PUT', `/api/admin/live/${id}/pin`, { entryId }),
    success: (_d, entryId) => (entryId === null ? 'أُلغي تثبيت التحديث' : 'ثُبّت التحديث في أعلى التغطية'),
    error: 'حدث خطأ أثناء تثبيت التحديث',
    onSuccess: (pin) => update((s) => withPin(s, pin)),
  });
}

export function usePostEntry(id: number) {
  const update = useDeskUpdate(id);
  return useAdminMutation({
    mutationFn: (body: LiveEntryInput) => adminSend<LiveEntry>('POST', `/api/admin/live/${id}/entries`, body),
    success: 'نُشر التحديث',
    error: 'حدث خطأ أثناء نشر التحديث',
    invalidate: [liveKeys.list()],
    onSuccess: (entry) => update((s) => applyChange(s, entry)),
  });
}

/** An edit names the version it started from; a 409 (a colleague's edit came first) is shown by the form. */
export function useUpdateEntry(id: number) {
  const update = useDeskUpdate(id);
  return useAdminMutation({
    mutationFn: ({ entryId, body }: { entryId: number; body: LiveEntryUpdate }) =>
      adminSend<LiveEntry>('PUT', `/api/admin/live/${id}/entries/${entryId}`, body),
    success: 'تم التحديث',
    error: 'حدث خطأ أثناء تعديل التحديث',
    quiet: isEntryConflict,
    invalidate: [liveKeys.list()],
    onSuccess: (entry) => update((s) => applyChange(s, entry)),
  });
}

export function useDeleteEntry(id: number) {
  const update = useDeskUpdate(id);
  return useAdminMutation({
    mutationFn: (entryId: number) => adminSend('DELETE', `/api/admin/live/${id}/entries/${entryId}`),
    success: 'تم الحذف',
    error: 'حدث خطأ أثناء حذف التحديث',
    invalidate: [liveKeys.list()],
    onSuccess: (_d, entryId) => update((s) => withoutEntry(s, entryId)),
  });
}
