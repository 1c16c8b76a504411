import type { FormId } from './schemas/form-titles';

/**
 * Messages any area raises for the shell's message centre. A DOM event keeps remotes
 * decoupled from the shell: they need no reference to it, only this module.
 */
export type MessageKind =
  | 'contact'
  | 'sponsor'
  | 'subscribe'
  | 'download'
  | 'support'
  | 'collab'
  | 'feedback'
  | 'notify'
  | 'error'
  | 'scorecard-contact'
  | 'scorecard-subscribe'
  | 'scorecard-download'
  | 'scorecard-collab'
  | 'scorecard-feedback'
  | 'scorecard-support';

export type MessageTone = 'success' | 'error';

export interface SiteMessage {
  readonly kind: MessageKind;
  readonly tone: MessageTone;
  readonly text: string;
}

export const MESSAGE_EVENT = 'wpc:message';

export function showMessage(message: SiteMessage): void {
  window.dispatchEvent(new CustomEvent<SiteMessage>(MESSAGE_EVENT, { detail: message }));
}

export function onMessage(listener: (message: SiteMessage) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<SiteMessage>).detail);
  window.addEventListener(MESSAGE_EVENT, handler);
  return () => window.removeEventListener(MESSAGE_EVENT, handler);
}

/**
 * What only the browser sees, for the Impact counts (issue 40): any area raises it, the shell
 * sends it as a beacon (shell/src/impact-beacon.ts). A DOM event, like the messages: no area
 * needs the sender, and the pages load nothing more for it.
 */
export type BrowserOutcome = 'form-opened' | 'assessment-started' | 'partner-register' | 'partner-apply';
export interface OutcomeDetail {
  readonly outcome: BrowserOutcome;
  readonly form?: FormId;
}
export const OUTCOME_EVENT = 'wpc:outcome';
/** On a link: the outcome its click is (the partner's Register and Apply pages); the shell counts the click. */
export const DATA_OUTCOME = 'data-outcome';

export function reportOutcome(detail: OutcomeDetail): void {
  window.dispatchEvent(new CustomEvent<OutcomeDetail>(OUTCOME_EVENT, { detail }));
}
