/**
 * The preview part of a remote's run-time renderer (content-renderer.ts): a draft, fetched from
 * the API by its preview token, rendered in its page among the published content (the seed
 * before there is any), for the edge's /team/preview/<token>. Never stored, never cached.
 */
import { createRequire } from 'node:module';
import { contentPreviewPath, previewEntrySchema } from '../src/content-contract';
import type { ContentArea } from '../src/content-model/declare';
import type { RemoteRouteAssets } from '../src/page-contract.cjs';
import type { AreaRendering } from './content-render';

const require = createRequire(__filename);
const { routeFileName } = require('../src/page-contract.cjs') as typeof import('../src/page-contract.cjs');

export interface PreviewResult {
  readonly path: string;
  readonly assets: RemoteRouteAssets;
  readonly html: string;
}

export type PreviewAnswer =
  | { readonly kind: 'page'; readonly page: PreviewResult }
  | { readonly kind: 'refused'; readonly fields: readonly string[] }
  | { readonly kind: 'not-found' };

/** Where the draft is read from. */
export interface PreviewSource {
  readonly area: ContentArea;
  readonly apiOrigin: string;
  readonly requestTimeoutMs: number;
  readonly fetch: typeof fetch;
}

/** The draft of this token, as the API answers it for this area; undefined for anything else. */
async function draftOf({ area, apiOrigin, requestTimeoutMs, fetch }: PreviewSource, token: string) {
  let response: Response;
  try {
    response = await fetch(`${apiOrigin}${contentPreviewPath(token)}`, {
      signal: AbortSignal.timeout(requestTimeoutMs),
      headers: { Accept: 'application/json' },
    });
  } catch {
    return undefined;
  }
  if (!response.ok) return undefined;
  const draft = previewEntrySchema.safeParse(await response.json().catch(() => null));
  return draft.success && draft.data.area === area ? draft.data : undefined;
}

export async function previewDraft(
  rendering: AreaRendering,
  source: PreviewSource,
  token: string,
): Promise<PreviewAnswer> {
  if (!rendering.bundle || !rendering.assetsFile) return { kind: 'not-found' };
  const draft = await draftOf(source, token);
  if (!draft) return { kind: 'not-found' };
  // Read after the wait, as a redeploy may have loaded another build meanwhile.
  const bundle = rendering.bundle;
  const result = await bundle.renderPreview(rendering.ofBuild(draft), rendering.content ?? bundle.seedContent());
  if (!result) return { kind: 'not-found' };
  if ('refused' in result) return { kind: 'refused', fields: result.refused.fields };
  const { page } = result;
  const shareImages = { ...(rendering.rendered?.shareImages ?? {}) };
  const name = `preview-${routeFileName(page.path).replace(/\//g, '-')}`;
  const meta = await rendering.builtMeta(page.meta, name, shareImages);
  return {
    kind: 'page',
    page: {
      path: page.path,
      html: page.html,
      assets: {
        buildId: rendering.assetsFile!.buildId,
        remoteEntry: rendering.assetsFile!.remoteEntry,
        ...rendering.assetsOf(page.route),
        meta,
      },
    },
  };
}
