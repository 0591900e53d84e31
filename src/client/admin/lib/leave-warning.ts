/** Work not yet saved anywhere: what the admin screens ask before it is lost. */
import { useEffect, useRef } from 'react';

export const CLOSE_UNSAVED = 'لديك تعديلات لم تُحفظ بعد. هل تريد الإغلاق دونها؟';

/** Leaving the page (reload, closing the tab) while `unsaved()` says so: the browser asks first. */
export function useLeaveWarning(unsaved: () => boolean) {
  const check = useRef(unsaved);
  check.current = unsaved;
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!check.current()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
}
