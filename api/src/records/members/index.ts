import type { Role } from '@wpc/shared/team';

/** A person an admin let into the console, with what they may do. Admins (TEAM_EMAILS) are not members. */
export interface TeamMember {
  /** The sign-in address, lower-cased: the member's key. */
  readonly email: string;
  /** At least one; the console's permissions follow from them (@wpc/shared/team `can`). */
  readonly roles: readonly Role[];
  readonly addedAt: Date;
  /** The admin who added the member. */
  readonly addedBy: string;
  readonly changedAt: Date;
  readonly changedBy: string;
}

/** The console's members, each under their address. */
export interface MemberRepository {
  /** Every member, by address. */
  list(): Promise<TeamMember[]>;
  find(email: string): Promise<TeamMember | null>;
  /**
   * Adds a member, or changes an existing member's roles (keeping when and by whom they were
   * added). Answers the member as stored.
   */
  save(email: string, roles: readonly Role[], by: string, at: Date): Promise<TeamMember>;
  /** Whether there was such a member. */
  remove(email: string): Promise<boolean>;
}
