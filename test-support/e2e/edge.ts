import type { TestInfo } from '@playwright/test';

/** The two edges the end-to-end suite runs through: shell/server/edge.ts, or nginx with docker/nginx/. */
export type Edge = 'node' | 'nginx';

/** Which edge the running test's project goes through (its `metadata.edge` in playwright.config.ts). */
export function edgeOf(testInfo: TestInfo): Edge {
  const edge: unknown = testInfo.project.metadata.edge;
  if (edge !== 'node' && edge !== 'nginx') {
    throw new Error(`Project "${testInfo.project.name}" must say which edge it uses: metadata.edge "node" or "nginx"`);
  }
  return edge;
}
