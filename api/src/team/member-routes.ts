import { memberRemovalSchema, memberRequestSchema, type TeamMember as MemberAnswer } from '@wpc/shared/team/schemas';
import { ROLES } from '@wpc/shared/team';
import { HttpError, sendError } from '../http/errors';
import type { ConsoleRoutes } from './console-routes';
import type { ConsoleContext } from './context';
import type { TeamMember } from './members';
import { parse } from './requests';

const memberAnswer = (member: TeamMember): MemberAnswer => ({
  email: member.email,
  roles: [...member.roles],
  addedAt: member.addedAt.toISOString(),
  addedBy: member.addedBy,
  changedAt: member.changedAt.toISOString(),
  changedBy: member.changedBy,
});

/** Roles in one order whatever order they were chosen in. */
const ordered = (roles: readonly string[]) => ROLES.filter((role) => roles.includes(role));
const rolesText = (roles: readonly string[]) => (roles.length > 0 ? roles.join(', ') : 'none');

/** Members and their roles, managed by admins (TEAM_EMAILS). */
export function memberRoutes(routes: ConsoleRoutes, { store, config, clock, audit }: ConsoleContext): void {
  const admins = new Set(config.teamEmails);

  routes.get('/members', 'admin', async (_req, res) => {
    res.json({ admins: [...config.teamEmails], members: (await store.members.list()).map(memberAnswer) });
  });

  routes.post('/members', 'admin', async (req, res, { email: by }) => {
    const body = parse(memberRequestSchema, req.body, res, 'The member is not valid.');
    if (!body) return;
    const email = body.email.trim().toLowerCase();
    if (admins.has(email)) {
      sendError(
        res,
        new HttpError(400, 'The member is not valid.', {
          fields: { email: 'This address is an admin (TEAM_EMAILS) and may already do everything.' },
        }),
      );
      return;
    }
    const roles = ordered(body.roles);
    const before = await store.members.find(email);
    const saved = await store.members.save(email, roles, by, clock());
    await audit.record(by, before ? 'member-change' : 'member-add', {
      target: email,
      detail: before ? `roles ${rolesText(before.roles)} → ${rolesText(roles)}` : `roles ${rolesText(roles)}`,
    });
    res.status(before ? 200 : 201).json(memberAnswer(saved));
  });

  routes.post('/members/remove', 'admin', async (req, res, { email: by }) => {
    const body = parse(memberRemovalSchema, req.body, res, 'Enter the member to remove.');
    if (!body) return;
    const email = body.email.trim().toLowerCase();
    if (!(await store.members.remove(email))) {
      sendError(res, new HttpError(404, 'No member has this address.'));
      return;
    }
    // Access is checked on every request anyway; their sessions go too, so nothing of them lingers.
    const ended = await store.sessions.deleteAll(email);
    await store.sessions.endSignInTokens(email);
    await audit.record(by, 'member-remove', { target: email, counts: { sessions: ended } });
    res.json({ ok: true });
  });
}
