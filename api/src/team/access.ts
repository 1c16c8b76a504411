import type { Access } from '@wpc/shared/team';
import type { MemberRepository } from '../records/members';

/**
 * What an address may do in the console now: an admin (TEAM_EMAILS), a member with their roles,
 * or nothing (null). Asked on every request, so a removed member or an address taken out of
 * TEAM_EMAILS loses access at once, whatever sessions they hold.
 */
export type AccessOf = (email: string) => Promise<Access | null>;

export function accessOf(members: Pick<MemberRepository, 'find'>, teamEmails: readonly string[]): AccessOf {
  const admins = new Set(teamEmails);
  return async (email) => {
    if (admins.has(email)) return { admin: true, roles: [] };
    const member = await members.find(email);
    return member && member.roles.length > 0 ? { admin: false, roles: member.roles } : null;
  };
}
