import { apiBase } from '@wpc/shared/api-client';
import { UPDATES_API } from '@wpc/shared/updates';

/**
 * The updates pages' calls to /api/updates/... by the token of the emailed link (no session,
 * no cookie). Without scripts the pages' forms post to their own address instead (the edge hands
 * that to the same calls), so both ways reach one implementation.
 */
export class UpdatesApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** invalid, expired or used, for a refused link. */
    readonly problem?: string,
  ) {
    super(message);
    this.name = 'UpdatesApiError';
  }
}

const NETWORK = 'This page could not reach the server. Check your connection and try again.';

export async function updatesCall<T>(path: string, body?: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${UPDATES_API}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body
        ? { Accept: 'application/json', 'Content-Type': 'application/json' }
        : { Accept: 'application/json' },
      body: body && JSON.stringify(body),
    });
  } catch {
    throw new UpdatesApiError(0, NETWORK);
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message = typeof answer.error === 'string' ? answer.error : NETWORK;
    throw new UpdatesApiError(
      response.status,
      message,
      typeof answer.problem === 'string' ? answer.problem : undefined,
    );
  }
  return answer as T;
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The token of the emailed link, from the page's query ("" on the server and before hydration). */
export const tokenIn = (search: string) => new URLSearchParams(search).get('token') ?? '';
