import { memberRemovalSchema, memberRequestSchema, membersSchema, teamMemberSchema } from '@wpc/shared/team/schemas';
import { ROLES } from '@wpc/shared/team';
import { okSchema } from '@wpc/shared/answers';
import { HttpError, sendError } from '../http/errors';
import { consoleRoute } from './console-route';
import { toWire } from '../records/members/wire';

/** Roles in one order whatever order they were chosen in. */
const ordered = (roles: readonly string[]) => ROLES.filter((role) => roles.includes(role));
const rolesText = (roles: readonly string[]) => (roles.length > 0 ? roles.join(', ') : 'none');

const member = { name: 'TeamMember', schema: teamMemberSchema };

/** Members and their roles, managed by admins (TEAM_EMAILS). */
export const memberRoutes = [
  consoleRoute({
    method: 'GET',
    path: '/members',
    permission: 'admin',
    operationId: 'teamMembers',
    summary: 'The admins (TEAM_EMAILS) and the members with their roles',
    answers: { 200: { description: 'Admins and members.', schema: { name: 'TeamMembers', schema: membersSchema } } },
    handler:
      ({ store, config }) =>
      async ({ res }) => {
        res.json({ admins: [...config.teamEmails], members: (await store.members.list()).map(toWire) });
      },
  }),

  consoleRoute({
    method: 'POST',
    path: '/members',
    permission: 'admin',
    operationId: 'teamSaveMember',
    summary: 'Add a member, or change a member’s roles',
    description: 'Roles take effect on the member’s next request. An admin’s own address cannot be a member (400).',
    body: {
      name: 'TeamMemberRequest',
      schema: memberRequestSchema,
      examples: [{ email: 'presenter.desk@example.org', roles: ['content:showcase'] }],
    },
    invalid: 'The member is not valid.',
    answers: {
      200: { description: 'The member’s roles were changed.', schema: member },
      201: { description: 'The member was added.', schema: member },
    },
    audit: ['member-add', 'member-change'],
    handler: ({ store, config, clock, audit }) => {
      const admins = new Set(config.teamEmails);
      return async ({ res, body, signed: { email: by } }) => {
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
        res.status(before ? 200 : 201).json(toWire(saved));
      };
    },
  }),

  consoleRoute({
    method: 'POST',
    path: '/members/remove',
    permission: 'admin',
    operationId: 'teamRemoveMember',
    summary: 'Remove a member: their access and sessions end at once',
    body: {
      name: 'TeamMemberRemoval',
      schema: memberRemovalSchema,
      examples: [{ email: 'presenter.desk@example.org' }],
    },
    invalid: 'Enter the member to remove.',
    answers: {
      200: { description: 'Removed.', schema: { name: 'Ok', schema: okSchema } },
      404: { description: 'No member has this address.' },
    },
    audit: ['member-remove'],
    handler:
      ({ store, audit }) =>
      async ({ res, body, signed: { email: by } }) => {
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
      },
  }),
];
