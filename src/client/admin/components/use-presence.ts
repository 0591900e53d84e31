import { useEffect, useState } from 'react';
import { PRESENCE_HEARTBEAT_MS, type StaffRef } from '../../../shared/schemas/admin';
import { heartbeat, leave } from '../api/news';

/** Who else has the article open: a heartbeat while the editor is open, and goodbye when it closes. */
export function usePresence(id: number | undefined): StaffRef[] {
  const [others, setOthers] = useState<StaffRef[]>([]);
  useEffect(() => {
    if (!id) return;
    let stopped = false;
    const beat = () =>
      heartbeat(id)
        .then((list) => !stopped && setOthers(list))
        .catch(() => undefined);
    void beat();
    const t = setInterval(beat, PRESENCE_HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(t);
      void leave(id);
    };
  }, [id]);
  return others;
}
