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
