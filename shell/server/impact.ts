// Counting at the page edge (issue 40): each page or scorecard zip served is noted in memory once
// its answer is sent, and the notes go to the API in one call a second (or as soon as a batch is
// full), never awaited by a visitor. A call per page had cost the edge +480 ms p99 under 50
// connections on a busy machine (api/src/impact/README.md). The API reads the visitor's user agent
// and addresses as noted here and keeps none of them. Behind nginx (docker/nginx/edge.conf) nginx
// counts instead, by mirroring the request to the API: IMPACT_EDGE_COUNTING=off there, so a page is
// not counted twice.
import type { NextFunction, Request, Response } from 'express';
import {
  EDGE_BATCH_MAX_RECORDS,
  EDGE_BATCH_PATH,
  EDGE_FIELD_MAX,
  type EdgeRecord,
} from '@wpc/shared/team/impact-schemas';

const SEND_EVERY_MS = 1000;
/** A call that has not answered by then is given up (its counts are lost, nothing waits). */
const CALL_TIMEOUT_MS = 5000;

export interface EdgeCounting {
  /** Counts a page once it was answered (200, or 304 to a browser that has it already). */
  readonly pages: (req: Request, res: Response, next: NextFunction) => void;
  /** Counts the scorecard's zip once it was served. */
  readonly downloads: (req: Request, res: Response, next: NextFunction) => void;
  /** Sends what is noted and waits for the calls under way: an orderly stop loses no count. */
  readonly close: () => Promise<void>;
}

/** Who was served, as the API needs it: read when the request arrives, while its socket is open. */
function servedTo(req: Request): Pick<EdgeRecord, 'userAgent' | 'forwardedFor'> {
  // As the /api/ proxy does (xfwd): the hops before this edge, then its own peer; the API believes
  // the hops it trusts (TRUST_PROXY). The nearest hops are the ones it reads.
  const before = (req.get('x-forwarded-for') ?? '').split(',').map((hop) => hop.trim());
  const hops = [...before, req.socket.remoteAddress ?? 'unknown'].filter(Boolean);
  return {
    userAgent: (req.get('user-agent') ?? '').slice(0, EDGE_FIELD_MAX.userAgent),
    forwardedFor: hops.slice(-EDGE_FIELD_MAX.hops).map((hop) => hop.slice(0, EDGE_FIELD_MAX.address)),
  };
}

/**
 * The page's path and query; parsed only when the request line is not one already (URL costs ~4 µs).
 * Undefined when it names no path: such a request is no page of the site, and is not noted.
 */
function pageOf(req: Request): string | undefined {
  const asked = req.originalUrl;
  if (asked.startsWith('/') && !asked.startsWith('//')) return asked;
  // An absolute-form request line ("GET http://host/path") still names a path; "//x" names none.
  if (!URL.canParse(asked)) return undefined;
  const url = new URL(asked);
  return `${url.pathname}${url.search}`;
}

function pageRecord(req: Request): EdgeRecord | undefined {
  const page = pageOf(req);
  if (page === undefined) return undefined;
  const referrer = req.get('referer')?.slice(0, EDGE_FIELD_MAX.referrer);
  return {
    type: 'view',
    page: page.slice(0, EDGE_FIELD_MAX.page),
    ...(referrer ? { referrer } : {}),
    optedOut: req.get('sec-gpc') === '1' || req.get('dnt') === '1',
    ...servedTo(req),
  };
}

/** The notes and their calls: one call a second, or at once when a batch is full. */
function batcher(url: string) {
  let noted: EdgeRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  const calls = new Set<Promise<void>>();

  const send = () => {
    clearTimeout(timer);
    timer = undefined;
    if (noted.length === 0) return;
    const records = noted;
    noted = [];
    const counts = `${records.length} count${records.length === 1 ? '' : 's'}`;
    // Never sent again: a call that timed out may have been counted, and a count twice is worse
    // than a second's counts missing from an estimate. The warning names no visitor.
    const call: Promise<void> = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ records }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    })
      .then(async (answer) => {
        await answer.body?.cancel();
        if (!answer.ok) console.warn(`The API refused ${counts} from the edge (${answer.status})`);
      })
      .catch((error: unknown) =>
        console.warn(`${counts} from the edge lost: ${error instanceof Error ? error.message : error}`),
      )
      .finally(() => calls.delete(call));
    calls.add(call);
  };

  return {
    note(record: EdgeRecord) {
      noted.push(record);
      if (noted.length >= EDGE_BATCH_MAX_RECORDS) send();
      else timer ??= setTimeout(send, SEND_EVERY_MS).unref();
    },
    async close() {
      send();
      await Promise.all(calls);
    },
  };
}

export function edgeCounting(apiOrigin: string, enabled = process.env.IMPACT_EDGE_COUNTING !== 'off'): EdgeCounting {
  const batch = batcher(`${apiOrigin}${EDGE_BATCH_PATH}`);
  const after =
    (statuses: readonly number[], recordOf: (req: Request) => EdgeRecord | undefined) =>
    (req: Request, res: Response, next: NextFunction) => {
      const record = enabled && req.method === 'GET' ? recordOf(req) : undefined;
      if (record) res.once('finish', () => statuses.includes(res.statusCode) && batch.note(record));
      next();
    };
  return {
    pages: after([200, 304], pageRecord),
    // A range request (206) is part of a download already counted.
    downloads: after([200], (req) => (req.path.endsWith('.zip') ? { type: 'download', ...servedTo(req) } : undefined)),
    close: () => batch.close(),
  };
}
