/**
 * Who may do what in the team console, decided in one place for the API (which answers 403) and
 * the browser (which shows each person only the pages their roles allow). No zod: the browser's
 * console bundle pays nothing for it.
 *
 * The addresses in TEAM_EMAILS are admins: they may do everything, and alone manage members and
 * read the audit log. Every other person is a member that an admin added, with roles.
 */
import { CONTENT_AREAS, type ContentArea } from '../content-model/declare';

/** The areas whose content is published from the console (the remotes), each a role of its own. */
export { CONTENT_AREAS, type ContentArea };

export type ContentRole = `content:${ContentArea}`;
export const contentRole = (area: ContentArea): ContentRole => `content:${area}`;

export type Role = 'inbox' | 'updates' | 'reports' | ContentRole;
/** What an admin can give a member: the inbox (submissions), updates, the Impact reports, and content area by area. */
export const ROLES = [
  'inbox',
  'updates',
  'reports',
  'content:home',
  'content:scorecard',
  'content:showcase',
  'content:map',
] as const satisfies readonly Role[];

/**
 * What a console route or page needs: a role; `content` (any content area, e.g. the list of
 * areas); `admin` (members, the audit log); or only `signed-in` (sign-out, the session itself).
 */
export type Permission = Role | 'content' | 'admin' | 'signed-in';

/** What one signed-in person is: an admin, or a member with roles. */
export interface Access {
  readonly admin: boolean;
  readonly roles: readonly Role[];
}

/** The one decision: may this person do what needs `permission`? */
export function can(access: Access, permission: Permission): boolean {
  if (access.admin || permission === 'signed-in') return true;
  if (permission === 'admin') return false;
  if (permission === 'content') return access.roles.some((role) => role.startsWith('content:'));
  return access.roles.includes(permission);
}

/** The content areas this person may edit, in the site's order. */
export function contentAreasOf(access: Access): ContentArea[] {
  return CONTENT_AREAS.filter((area) => can(access, contentRole(area)));
}

/** Whether a value is a role (for stored data and requests). */
export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/** A role as the console names it. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  inbox: 'Inbox (form submissions)',
  updates: 'Updates to subscribers',
  reports: 'Impact reports (counts only, no personal data)',
  'content:home': 'Content: home and about pages',
  'content:scorecard': 'Content: scorecard',
  'content:showcase': 'Content: showcase',
  'content:map': 'Content: map',
};
