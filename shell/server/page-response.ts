// Answering: the last step of a page request (pages.ts). The composed page goes out with the
// page's headers (its Content-Security-Policy built from the remote list), an ETag that lets the
// browser revalidate it (304), and its body compressed for the browser, once per page version.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { preferredEncoding } from '@wpc/shared/server/static-assets.cjs';
import { deploymentPolicy, pageHeaders } from '@wpc/shared/server/security-headers.cjs';
import type { RemoteList } from './remote-pages';

export interface ComposedPage {
  readonly html: string;
  readonly status: 200 | 404;
  /** The remote list the page was composed with: its scripts' origins are the policy's. */
  readonly remotes: RemoteList;
  /** Kept out of search engines (the route's noindex): X-Robots-Tag as well as the page's meta tag. */
  readonly noindex?: boolean;
  /** 'no-store' for a page no cache may keep (a draft's preview); pages are revalidated otherwise. */
  readonly cacheControl?: 'no-cache' | 'no-store';
}

export interface PageResponseOptions {
  /** The API's origin when it has one of its own (the WPC_API_BASE the build was given), else ''. */
  readonly apiBase: string;
  /** Compressed bodies kept (a page changes only on a deploy). */
  readonly cacheSize?: number;
}

/** A strong validator of the page's bytes. */
export function etagOf(html: string): string {
  return `"${createHash('sha1').update(html).digest('base64url')}"`;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export function createPageResponse({ apiBase, cacheSize = 200 }: PageResponseOptions) {
  // The deployment's settings decide how strict pages are, never a request's headers.
  const deployment = deploymentPolicy();
  const compressed = new Map<string, Buffer>();
  const compress = async (etag: string, encoding: 'br' | 'gzip', html: string) => {
    const key = `${etag}:${encoding}`;
    let body = compressed.get(key);
    if (!body) {
      // Brotli's best: a page is compressed once per build, and the smaller it is, the more of it
      // fits in the first round trip (about 14 KB, headers included; /scorecard needed a second
      // one at quality 9).
      body =
        encoding === 'br'
          ? await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
          : await gzip(html, { level: 9 });
      if (compressed.size >= cacheSize) compressed.delete(compressed.keys().next().value as string);
      compressed.set(key, body);
    }
    return body;
  };

  return async function answerPage(req: Request, res: Response, page: ComposedPage): Promise<void> {
    const etag = etagOf(page.html);
    res.status(page.status);
    res.set(pageHeaders({ remotes: page.remotes, apiBase, ...deployment }));
    if (page.noindex) res.set('X-Robots-Tag', 'noindex, nofollow');
    res.set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': page.cacheControl ?? 'no-cache',
      Vary: 'Accept-Encoding',
      ...(page.cacheControl === 'no-store' ? {} : { ETag: etag }),
    });
    if (page.status === 200 && page.cacheControl !== 'no-store' && req.fresh) {
      res.status(304).end();
      return;
    }
    const encoding = preferredEncoding(req);
    if (!encoding) {
      res.send(page.html);
      return;
    }
    res.set('Content-Encoding', encoding);
    res.send(await compress(etag, encoding, page.html));
  };
}
