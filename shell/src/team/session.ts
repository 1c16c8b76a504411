import { useEffect, useState } from 'react';
import type { TeamSession } from './api';

/** What every view of the signed-in console is given. */
export interface SignedInProps {
  readonly session: TeamSession;
  readonly onSignedOut: (message: string) => void;
}

/** Shown on the sign-in form when the API no longer knows the session (expired, or signed out elsewhere). */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * Whether the session may still export and erase personal data: for 15 minutes after its link
 * was used (the API decides; this only spares the person a refusal). Flips when the time is up.
 */
export function useFresh(session: TeamSession): boolean {
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    // The clock is read here, never during render; a timer of 0 ms when the time is already up.
    const left = Math.max(0, Date.parse(session.freshUntil) - Date.now());
    const start = setTimeout(() => setFresh(left > 0), 0);
    const end = left > 0 ? setTimeout(() => setFresh(false), left) : undefined;
    return () => {
      clearTimeout(start);
      clearTimeout(end);
    };
  }, [session.freshUntil]);
  return fresh;
}
