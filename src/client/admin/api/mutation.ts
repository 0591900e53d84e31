/**
 * The one mutation protocol of the admin screens: on success a toast (SPEC §8's texts) and the affected lists
 * refreshed; on failure the destructive toast 'حدث خطأ' with the server's message or the screen's default. One toast
 * at a time (lib/notify.ts): the same failure again does not stack a second one.
 */
import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { notify } from '../lib/notify';
import { errorText } from './client';

type Success = string | { title: string; description: string };

/** SPEC §8's «تمت الإضافة», saying what was added. */
export const added = (what: string) => ({ title: 'تمت الإضافة', description: what });
export interface AdminMutationOptions<TData, TVars, TContext> extends Omit<
  UseMutationOptions<TData, Error, TVars, TContext>,
  'onSuccess' | 'onError'
> {
  /**
   * The success toast: SPEC's title (a string), or a title with a line saying what exactly was done; none when
   * omitted.
   */
  success?: Success | ((data: TData, vars: TVars) => Success);
  /** The message when the server gives none (SPEC §8). */
  error: string;
  /** The error toast's title (SPEC §8: 'حدث خطأ'). */
  errorTitle?: string;
  /** Failures the screen shows itself (no toast), e.g. an edit conflict with its own banner. */
  quiet?: (err: Error) => boolean;
  /** Queries to refresh after a success. */
  invalidate?: readonly QueryKey[] | ((data: TData, vars: TVars) => readonly QueryKey[]);
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (err: Error, vars: TVars, context: TContext | undefined) => void;
}

export function useAdminMutation<TData = unknown, TVars = void, TContext = unknown>(
  opts: AdminMutationOptions<TData, TVars, TContext>,
) {
  const queryClient = useQueryClient();
  const { success, error, errorTitle = 'حدث خطأ', invalidate, onSuccess, onError, quiet, ...rest } = opts;
  return useMutation<TData, Error, TVars, TContext>({
    ...rest,
    onSuccess: async (data, vars) => {
      if (success) {
        const said = typeof success === 'function' ? success(data, vars) : success;
        if (typeof said === 'string') notify.success(said);
        else notify.success(said.title, said.description);
      }
      const keys = typeof invalidate === 'function' ? invalidate(data, vars) : (invalidate ?? []);
      onSuccess?.(data, vars);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (err, vars, context) => {
      if (!quiet?.(err)) notify.error(errorTitle, errorText(err, error));
      onError?.(err, vars, context);
    },
  });
}
