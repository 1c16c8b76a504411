import type { TeamSession } from './api';

/** What every view of the signed-in console is given. */
export interface SignedInProps {
  readonly session: TeamSession;
  readonly onSignedOut: (message: string) => void;
}

/** Shown on the sign-in form when the API no longer knows the session (expired, or signed out elsewhere). */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
