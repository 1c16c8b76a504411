import type { ConfirmationCaps } from '../config';
import type { RateCountRepository } from '../records/rate-counts';

export const HOUR_MS = 60 * 60 * 1000;

// Counted in the rate-count record under the rate limit's own client key, so nothing new is stored.
const SITE_KEY = 'confirmations:site';
const clientKey = (client: string) => `confirmations:${client}`;

/**
 * Counts one confirmation email against the client's and the site's hourly caps, and answers
 * whether it may be sent. A client past its cap does not use up the site's ceiling, and a
 * confirmation the ceiling stops is not held against the client.
 */
export async function confirmationAllowed(
  counter: RateCountRepository,
  caps: ConfirmationCaps,
  client: string,
): Promise<boolean> {
  if (caps.perClient > 0 && (await counter.hit(clientKey(client), HOUR_MS)).count > caps.perClient) return false;
  if (caps.perHour === 0 || (await counter.hit(SITE_KEY, HOUR_MS)).count <= caps.perHour) return true;
  if (caps.perClient > 0) await counter.unhit(clientKey(client), HOUR_MS);
  return false;
}

/** When the site's ceiling was reached this hour: the ceiling and when confirmations resume. */
export async function confirmationsPaused(
  counter: RateCountRepository,
  caps: ConfirmationCaps,
): Promise<{ readonly ceiling: number; readonly until: Date } | undefined> {
  if (caps.perHour === 0) return undefined;
  const { count, resetAt } = await counter.peek(SITE_KEY, HOUR_MS);
  return count >= caps.perHour ? { ceiling: caps.perHour, until: resetAt } : undefined;
}
