// The shell's own files that pages are composed from, as its build wrote them into dist/ (see
// shared/build/prerender.cjs): a document per route, the files of the shared modules it
// provides, the site's metadata and the client-only page. Read on every request, so a new shell
// build is live on the next one, like a remote's.
import fs from 'node:fs/promises';
import path from 'node:path';
import { routeFileName, type SharedModules, type ShellRouteAssets } from '@wpc/shared/page-contract';
import type { BuiltPageMeta } from '@wpc/shared/page-meta';
import { withInlineRemotes } from './compose';

export interface ShellDocument {
  /** The whole page but the area's: header, footer, the shell's own page or an empty outlet. */
  readonly shellDocument: string;
  readonly shellAssets: ShellRouteAssets;
}

/** A shared module's JavaScript files, by share key (what the edge preloads for a page that uses it). */
export type SharedFiles = (shareKey: string) => readonly string[];

const readText = (file: string) => fs.readFile(file, 'utf8').catch(() => undefined);

export function createShellFiles(dist: string) {
  const ssrFile = (file: string) => path.join(dist, 'ssr', file);

  return {
    /** The shell's document for a route (PageRoute.documentPath), or undefined when the build wrote none. */
    async document(documentPath: string): Promise<ShellDocument | undefined> {
      const file = ssrFile(routeFileName(documentPath));
      const [shellDocument, json] = await Promise.all([readText(`${file}.html`), readText(`${file}.json`)]);
      if (!shellDocument || !json) return undefined;
      return { shellDocument, shellAssets: JSON.parse(json) as ShellRouteAssets };
    },

    async sharedFiles(): Promise<SharedFiles> {
      const json = await readText(ssrFile('shared-modules.json'));
      const { files } = json ? (JSON.parse(json) as SharedModules) : { files: {} as SharedModules['files'] };
      return (key) => files[key]?.filter((file) => file.endsWith('.js')) ?? [];
    },

    /** The site's description and share image, for pages that have no metadata of their own. */
    async siteMeta(): Promise<BuiltPageMeta | undefined> {
      const json = await readText(ssrFile('site-meta.json'));
      return json ? (JSON.parse(json) as BuiltPageMeta) : undefined;
    },

    /** The page without server-rendered content (the area loads in the browser), the remote list inlined. */
    async clientOnly(remotes: Readonly<Record<string, string>>): Promise<string> {
      return withInlineRemotes(await fs.readFile(path.join(dist, 'index.html'), 'utf8'), remotes);
    },

    /** One of the shell's files by the URL a page links it with ("/shell-styles.<hash>.css"). */
    readFile(href: string): Promise<string | undefined> {
      return readText(path.join(dist, href));
    },
  };
}

export type ShellFiles = ReturnType<typeof createShellFiles>;
