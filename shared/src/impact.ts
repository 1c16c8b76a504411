/**
 * The browser's side of the Impact counts (issue 40): a beacon to the API with
 * `navigator.sendBeacon` (no cookie, never awaited, sent even as the page unloads), carrying a
 * route and what happened, nothing about the visitor. Any area reports an outcome through this
 * module, or marks a link with DATA_IMPACT so the shell reports its click.
 */
import type { FormId } from './schemas/form-titles';
import type { Beacon } from './team/impact-schemas';
import { apiBase } from './api-client';

/** On a link: the outcome its click is (the partner's Register and Apply pages). */
export const DATA_IMPACT = 'data-impact';
export type LinkOutcome = 'partner-register' | 'partner-apply';

export function sendBeacon(beacon: Beacon): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  navigator.sendBeacon(`${apiBase()}/api/impact/beacon`, JSON.stringify(beacon));
}

/** Counts something only the browser sees, on the page where it happened. */
export function countOutcome(outcome: 'form-opened', form: FormId): void;
export function countOutcome(outcome: 'assessment-started' | LinkOutcome): void;
export function countOutcome(outcome: Extract<Beacon, { type: 'outcome' }>['outcome'], form?: FormId): void {
  sendBeacon({ type: 'outcome', outcome, route: window.location.pathname.slice(0, 200) || '/', form });
}
