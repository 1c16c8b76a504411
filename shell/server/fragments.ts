/**
 * Reads a remote's prerendered files over HTTP for the edge: conditional GETs by ETag and the
 * last good copy of each file kept. A page request waits at most `timeoutMs`; a slower answer
 * still arrives in the background and is kept for the next request. So a slow or briefly absent
 * remote costs at most the timeout, and its page comes back as soon as it answers again.
 */
export interface TextFetcher {
  /** The file's text, or undefined when it is not there (yet) and no good copy is known. */
  (url: string): Promise<string | undefined>;
}

interface GoodCopy {
  readonly etag: string | undefined;
  readonly text: string;
}

export interface TextFetcherOptions {
  /** How long a page request waits. */
  readonly timeoutMs: number;
  /** How long a request may go on in the background before it is given up. */
  readonly backgroundTimeoutMs?: number;
}

export function createTextFetcher({ timeoutMs, backgroundTimeoutMs = 10_000 }: TextFetcherOptions): TextFetcher {
  const copies = new Map<string, GoodCopy>();
  const inFlight = new Map<string, Promise<string | undefined>>();

  const refresh = async (url: string): Promise<string | undefined> => {
    const last = copies.get(url);
    try {
      const response = await fetch(url, {
        headers: last?.etag ? { 'If-None-Match': last.etag } : {},
        signal: AbortSignal.timeout(backgroundTimeoutMs),
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
      // Unreachable, or no answer at all.
      return copies.get(url)?.text;
    }
  };

  return (url) => {
    let pending = inFlight.get(url);
    if (!pending) {
      pending = refresh(url).finally(() => inFlight.delete(url));
      inFlight.set(url, pending);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string | undefined>((resolve) => {
      timer = setTimeout(() => resolve(copies.get(url)?.text), timeoutMs);
    });
    return Promise.race([pending, late]).finally(() => clearTimeout(timer));
  };
}
