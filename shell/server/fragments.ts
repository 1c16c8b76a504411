/**
 * Reads a remote's prerendered files over HTTP for the edge: conditional GETs by ETag, a short
 * timeout, and the last good copy of each file kept, so a slow or briefly absent remote costs
 * at most the timeout and still yields its page.
 */
export interface TextFetcher {
  /** The file's text, or undefined when it is not there and no good copy is known. */
  (url: string): Promise<string | undefined>;
}

interface GoodCopy {
  readonly etag: string | undefined;
  readonly text: string;
}

export function createTextFetcher({ timeoutMs }: { readonly timeoutMs: number }): TextFetcher {
  const copies = new Map<string, GoodCopy>();
  return async (url) => {
    const last = copies.get(url);
    try {
      const response = await fetch(url, {
        headers: last?.etag ? { 'If-None-Match': last.etag } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 304 && last) return last.text;
      if (response.status === 404) {
        // The remote no longer has this file (a route was removed): forget it.
        copies.delete(url);
        return undefined;
      }
      if (!response.ok) return last?.text;
      const text = await response.text();
      copies.set(url, { etag: response.headers.get('etag') ?? undefined, text });
      return text;
    } catch {
      // Timed out or unreachable.
      return last?.text;
    }
  };
}
