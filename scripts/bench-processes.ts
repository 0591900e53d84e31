/** The benchmarks' child processes: started from the repository root, remembered for the stop, waited for. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const children: ChildProcess[] = [];

/** Runs `node [...args] script` with `env` over this process's environment; its stderr shows through. */
export function startProcess(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...args, script], {
    cwd: root,
    // The bench's staff accounts sign in with a password alone (STAFF_2FA_ROLES, as an automated set-up would).
    env: { ...process.env, STAFF_2FA_ROLES: 'none', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

/** Resolves once `url` answers 2xx; fails if the child exits first or nothing answers within `timeoutMs`. */
export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}
