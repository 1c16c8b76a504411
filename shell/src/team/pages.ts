import { lazy, type ComponentType } from 'react';
import { can, type Access, type Permission } from '@wpc/shared/team';
import { InboxPages } from './InboxPages';
import type { SignedInProps } from './session';

/** One page of the console's navigation. */
export interface ConsolePage {
  /** Where its navigation link goes. */
  readonly path: string;
  readonly label: string;
  /** Who sees it (the API checks the same permission on every call the page makes). */
  readonly permission: Permission;
  /** Whether a path is this page or one below it (a submission belongs to the inbox). */
  readonly owns: (pathname: string) => boolean;
  readonly Page: ComponentType<SignedInProps>;
}

const under = (path: string) => (pathname: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The console's pages, in the navigation's order. Updates and Content are built by their own
 * features (Content: the editor of issue 28), each lazily loaded, so the inbox does not carry them.
 */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    path: '/team',
    label: 'Inbox',
    permission: 'inbox',
    owns: (pathname) => pathname === '/team' || pathname.startsWith('/team/submissions/'),
    Page: InboxPages,
  },
  {
    path: '/team/updates',
    label: 'Updates',
    permission: 'updates',
    owns: under('/team/updates'),
    Page: lazy(() => import('./updates/UpdatesPage').then((module) => ({ default: module.UpdatesPage }))),
  },
  {
    path: '/team/content',
    label: 'Content',
    permission: 'content',
    owns: under('/team/content'),
    Page: lazy(() => import('./content/ContentEditor')),
  },
  {
    path: '/team/impact',
    label: 'Impact',
    permission: 'reports',
    owns: under('/team/impact'),
    Page: lazy(() => import('./impact/ImpactPage')),
  },
  {
    path: '/team/members',
    label: 'Members',
    permission: 'admin',
    owns: under('/team/members'),
    Page: lazy(() => import('./MembersPage')),
  },
  {
    path: '/team/audit',
    label: 'Audit',
    permission: 'admin',
    owns: under('/team/audit'),
    Page: lazy(() => import('./AuditPage')),
  },
];

/** The pages this person may open, in the navigation's order. */
export const pagesFor = (access: Access) => CONSOLE_PAGES.filter((page) => can(access, page.permission));

/** Where this person's console starts: the first page their roles allow. */
export const homeOf = (access: Access) => pagesFor(access)[0]?.path ?? '/team';

export const pageOf = (pathname: string) => CONSOLE_PAGES.find((page) => page.owns(pathname));
