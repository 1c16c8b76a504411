/** A one-time sign-in link; only the hash of its token is kept. */
export interface SignInToken {
  readonly tokenHash: string;
  readonly email: string;
  readonly expiresAt: Date;
}

/** A signed-in team member's session; the cookie holds the token, the store its hash. */
export interface TeamSession {
  readonly tokenHash: string;
  readonly email: string;
  /** Sent back with every change (X-CSRF-Token), so another site cannot make one. */
  readonly csrfToken: string;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
}

/** The console's sign-in tokens and sessions, each kept under the hash of its token. */
export interface SessionRepository {
  saveSignInToken(token: SignInToken): Promise<void>;
  /** Removes the token and answers its address if it was stored and not expired at `now`; one caller at most wins. */
  takeSignInToken(tokenHash: string, now: Date): Promise<string | null>;
  /** Ends the unused sign-in links of one address, except `keep` (the hash of a newer one); answers how many. */
  endSignInTokens(email: string, keep?: string): Promise<number>;
  save(session: TeamSession): Promise<void>;
  find(tokenHash: string): Promise<TeamSession | null>;
  touch(tokenHash: string, lastSeenAt: Date): Promise<void>;
  delete(tokenHash: string): Promise<void>;
  /** Ends every session of one address (sign out everywhere, a member removed); answers how many. */
  deleteAll(email: string): Promise<number>;
  /** Forgets sessions idle since before `idleSince` or started before `startedBefore`, and tokens expired by `now`. */
  sweep(idleSince: Date, startedBefore: Date, now: Date): Promise<void>;
}
