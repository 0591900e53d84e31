/**
 * Toasts load their library (sonner) on first use, keeping it out of the first page load: readers see a toast
 * only after signing up to the newsletter. One toast at a time (SPEC §9).
 */
type Kind = 'success' | 'error' | 'info';

let loaded: Promise<typeof import('sonner')> | undefined;
const listeners = new Set<() => void>();

export function loadToaster(): Promise<typeof import('sonner')> {
  loaded ??= import('sonner').then((m) => {
    listeners.forEach((l) => l());
    return m;
  });
  return loaded;
}

export function onToasterLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function notify(kind: Kind, title: string, description?: string): Promise<void> {
  const { toast } = await loadToaster();
  // Let the Toaster mount before the first toast.
  await new Promise((r) => setTimeout(r, 0));
  toast[kind](title, { description });
}
