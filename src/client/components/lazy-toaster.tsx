import { useEffect, useState, type ComponentType } from 'react';
import { loadToaster, onToasterLoaded, TOASTER_PROPS } from '../lib/toast';

/** Mounts sonner's Toaster once the first toast has asked for it. */
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ComponentType<Record<string, unknown>> | null>(null);
  useEffect(
    () =>
      onToasterLoaded(() => {
        void loadToaster().then((m) =>
          setToaster(() => m.Toaster as unknown as ComponentType<Record<string, unknown>>),
        );
      }),
    [],
  );
  return Toaster ? <Toaster {...TOASTER_PROPS} /> : null;
}
