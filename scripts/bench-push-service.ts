/**
 * The push bench's stand-in push service (src/server/test/fake-push-service.ts) in a process of its own, which
 * bench-push.ts starts at the lowest CPU priority (nice 19). A real push service runs on its vendor's machines, not
 * on the newsroom's: on this one it takes only the CPU that Sahifa, its database and the readers' load generator leave
 * over, so the readers' figure counts what the alert costs the site, not what receiving 100,000 messages costs.
 * Over the IPC channel: 'count' answers how many arrived; 'arrivals' also their times (ms since the epoch).
 */
import { startFakePushService } from '../src/server/test/fake-push-service';

const service = await startFakePushService({ keepBodies: false });
process.on('message', (asked) => {
  if (asked === 'count') process.send!({ count: service.count() });
  else if (asked === 'arrivals') process.send!({ count: service.count(), arrivals: service.arrivals });
});
// The bench ending (or dying) closes the channel: the service ends with it.
process.on('disconnect', () => void service.close().then(() => process.exit(0)));
process.send!({ origin: service.origin });
