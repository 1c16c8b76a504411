// Pages the edge renders on each request with the shell's own components (its Node bundle, the one
// its build prerenders with) into the chrome the build prerendered without scripts (ssr/forms.html):
// the form pages (form-pages.ts) and the updates archive (update-pages.ts). Nothing to hydrate.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'express';
import { HEAD_MARKER, OUTLET_MARKER, SERVER_BUNDLE_DIR } from '@wpc/shared/page-contract';
import { SHELL_ENTRY, START_SCRIPT } from '@wpc/shared/build/start-script.cjs';
import type { BuiltPageMeta } from '@wpc/shared/page-meta';
import { deploymentPolicy, pageHeaders } from '@wpc/shared/server/security-headers.cjs';
import { renderHead, withHead } from './head';

/** The shell's Node bundle (src/server-render.tsx), loaded again when a new build has replaced it. */
export function createServerBundle<Bundle>(dist: string): () => Promise<Bundle> {
  const bundleFile = path.resolve(dist, '..', SERVER_BUNDLE_DIR, 'render.cjs');
  let bundle: { mtimeMs: number; exports: Bundle } | undefined;
  return async () => {
    const { mtimeMs } = await fs.stat(bundleFile);
    if (bundle?.mtimeMs !== mtimeMs) {
      delete require.cache[bundleFile];
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS build output, reloaded through require.cache after a rebuild
      bundle = { mtimeMs, exports: require(bundleFile) as Bundle };
    }
    return bundle.exports;
  };
}

export interface ScriptlessPage {
  /** What the page's head says of it, over the forms document's own metadata. */
  readonly meta: Partial<BuiltPageMeta> & Pick<BuiltPageMeta, 'title'>;
  /** The page's own path, for its canonical URL; absent on a page that has none. */
  readonly path?: string;
  /** The rendered page for the outlet. */
  readonly page: string;
  /** More of the head: a refresh, a feed's link. */
  readonly extraHead?: string;
}

/** The scriptless document with the page in its outlet, its head written, its stylesheets linked. */
export async function composeScriptlessPage(dist: string, origin: string, input: ScriptlessPage): Promise<string> {
  const file = path.join(dist, 'ssr', 'forms');
  const [document, json] = await Promise.all([
    fs.readFile(`${file}.html`, 'utf8'),
    fs.readFile(`${file}.json`, 'utf8'),
  ]);
  const { css, meta } = JSON.parse(json) as { css: string[]; meta: BuiltPageMeta };
  const stylesheets = css.map((href) => `<link rel="stylesheet" href="/${href}">`).join('');
  const head = renderHead({ meta: { ...meta, ...input.meta }, origin, path: input.path, assetBase: '/' });
  return withHead(document, head)
    .replace(HEAD_MARKER, () => stylesheets + (input.extraHead ?? ''))
    .replace(OUTLET_MARKER, () => `<div id="area-shell">${input.page}</div>`)
    .replace(`<script>${START_SCRIPT}</script>`, '')
    .replace(new RegExp(`<link rel="preload" href="${SHELL_ENTRY}"[^>]*>`), '');
}

/** Answers with a scriptless page and the site's page headers (its policy from remotes.json and the deployment). */
export async function sendScriptlessPage(
  res: Response,
  { remotesFile, apiBase }: { readonly remotesFile: string; readonly apiBase: string },
  status: number,
  html: string,
  headers: Readonly<Record<string, string>>,
): Promise<void> {
  const remotes = JSON.parse(await fs.readFile(remotesFile, 'utf8')) as Record<string, string>;
  res.status(status);
  // How strict: from the deployment's settings, never from the request (as for every page).
  res.set(pageHeaders({ remotes, apiBase, ...deploymentPolicy() }));
  res.set({ 'Content-Type': 'text/html; charset=utf-8', ...headers });
  res.send(html);
}
