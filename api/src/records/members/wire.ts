import type { TeamMember as WireMember } from '@wpc/shared/team/schemas';
import type { TeamMember } from '.';

/** A stored member as the console's API sends it (the one place it is converted). */
export const toWire = (member: TeamMember): WireMember => ({
  email: member.email,
  roles: [...member.roles],
  addedAt: member.addedAt.toISOString(),
  addedBy: member.addedBy,
  changedAt: member.changedAt.toISOString(),
  changedBy: member.changedBy,
});
