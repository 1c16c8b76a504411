import type { ChildProcess } from 'node:child_process';

/**
 * Ends a detached child and everything it started (its process group) with SIGTERM; resolves once
 * the child has exited.
 */
export function terminateGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  // Its stderr pipe would keep this process (jest) alive after the group is gone.
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      child.stderr?.destroy();
      resolve();
    }),
  );
  process.kill(-child.pid, 'SIGTERM');
  return exited;
}
