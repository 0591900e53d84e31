/**
 * Toasts load their library (sonner) on first use, keeping it out of the first page load: readers see a toast
 * only after signing up to the newsletter. One toast at a time (SPEC §9): a new toast takes the place of the one
 * showing, and the same toast again (a second click on a failing button) is the same toast, never a stack of them.
 */
type Kind = 'success' | 'error' | 'info';
type Sonner = (typeof import('sonner'))['toast'];

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

/**
 * The Toaster's settings, for the reader site and the admin alike: one visible, right to left, and Arabic names
 * for screen readers (sonner's own are "Notifications alt+T" and "Close toast").
 */
export const TOASTER_PROPS = {
  position: 'top-center',
  dir: 'rtl',
  visibleToasts: 1,
  richColors: true,
  closeButton: true,
  customAriaLabel: 'الإشعارات',
  toastOptions: { closeButtonAriaLabel: 'إغلاق الإشعار' },
} as const;

/**
 * Shows one toast: identified by what it says, so the same message again updates the one on screen instead of
 * stacking; any other toast still showing is dismissed first.
 */
export function showToast(toast: Sonner, kind: Kind, title: string, description?: string): void {
  const id = `${kind}:${title}:${description ?? ''}`;
  for (const t of toast.getToasts()) if (t.id !== id) toast.dismiss(t.id);
  toast[kind](title, { id, description });
}

export async function notify(kind: Kind, title: string, description?: string): Promise<void> {
  const { toast } = await loadToaster();
  // Let the Toaster mount before the first toast.
  await new Promise((r) => setTimeout(r, 0));
  showToast(toast, kind, title, description);
}
