import { expect, type APIRequestContext } from '@playwright/test';
import type { ReceivedMail } from '../smtp/server';

/**
 * The local SMTP server of end-to-end runs (test-support/smtp/cli.ts), which playwright.config.ts
 * starts and points the API at. Addresses are invented (the reserved .test domain).
 */
export const E2E_SMTP_PORT = Number(process.env.SMTP_TEST_PORT ?? 1025);
export const E2E_SMTP_HTTP_PORT = Number(process.env.SMTP_TEST_HTTP_PORT ?? 8025);
export const E2E_SMTP_CONTROL = `http://127.0.0.1:${E2E_SMTP_HTTP_PORT}`;

/** Where notifications go unless a kind has its own address. */
export const E2E_NOTIFY_TO = 'team-inbox@consortium.test';
/** Sponsorship requests go to their own address (NOTIFY_TO_SPONSOR), so routing per kind is tested. */
export const E2E_NOTIFY_TO_SPONSOR = 'partnerships@consortium.test';
export const E2E_NOTIFY_FROM = 'Consortium website <website@consortium.test>';
/** The console's admins (TEAM_EMAILS): one per spec that signs in, so parallel specs never take each other's link. */
export const E2E_TEAM_EMAIL = 'coordinator@consortium.test';
export const E2E_ROLES_ADMIN_EMAIL = 'director@consortium.test';
/**
 * The test attempt an admin signs in for. The API sends at most 3 sign-in links per address in a
 * 15-minute window of real time (which a test moving the API's clock does not reset), and a
 * retried test (CI retries once) signs in again in a new worker: so each attempt has its own
 * admin, `retry1.` before the first retry's address.
 */
export type Attempt = { readonly project: { readonly name: string }; readonly retry: number };
const perAttempt = (local: string, { project, retry }: Attempt) =>
  `${retry > 0 ? `retry${retry}.` : ''}${local}.${project.name}@consortium.test`;
/** The attempts whose admins are seeded: the first, and the one retry CI makes. */
const SEEDED_RETRIES = [0, 1];
/** The addresses the specs will ask for, from the same functions, for each project and seeded attempt. */
const seeded = (projects: readonly string[], addresses: readonly ((attempt: Attempt) => string)[]) =>
  projects.flatMap((name) =>
    SEEDED_RETRIES.flatMap((retry) => addresses.map((address) => address({ project: { name }, retry }))),
  );

/** The updates spec's admin, one per edge and attempt: that spec signs in twice through each edge. */
export const e2eUpdatesAdminEmail = (attempt: Attempt) => perAttempt('updates', attempt);
/** The updates spec's admin who writes in the console's page (a third sign-in would meet that limit). */
export const e2eUpdatesComposerEmail = (attempt: Attempt) => perAttempt('writer', attempt);
const UPDATES_PROJECTS = ['site', 'nginx'];
/**
 * The real-API publishing suite's admins, one per purpose, edge and attempt, so none signs in more
 * than twice.
 */
export type PublishingAdminPurpose = 'members' | 'scheduler' | 'outage';
export const e2ePublishingAdminEmail = (purpose: PublishingAdminPurpose, attempt: Attempt) =>
  perAttempt(purpose, attempt);
const PUBLISHING_PROJECTS = ['real-api', 'real-api-nginx'];
const PUBLISHING_PURPOSES: PublishingAdminPurpose[] = ['members', 'scheduler', 'outage'];
/**
 * The real-API suite's admins for issue 38's hostile-probe findings (probe-findings.real-api.ts),
 * per purpose, edge and attempt: the link test asks for two links in a row, the editor signs in once.
 */
export type ProbeAdminPurpose = 'links' | 'editor';
export const e2eProbeAdminEmail = (purpose: ProbeAdminPurpose, attempt: Attempt) =>
  perAttempt(`probe.${purpose}`, attempt);
const PROBE_PURPOSES: ProbeAdminPurpose[] = ['links', 'editor'];
/** The real-API archive spec's admin (updates-archive.real-api.ts), one per edge: it signs in once. */
export const e2eArchiveAdminEmail = (project: string) => `archive.${project}@consortium.test`;
/** The real-API Impact spec's admin (impact.real-api.ts), one per edge: it signs in once. */
export const e2eImpactAdminEmail = (project: string) => `impact.${project}@consortium.test`;
/** The real-API reach line spec's admin (reach-line.real-api.ts), one per edge: it signs in once. */
export const e2eReachAdminEmail = (project: string) => `reach.${project}@consortium.test`;
/**
 * An admin who never signs in, with a long address: the Members page lists every admin, and at
 * 320 px such an address must wrap rather than scroll the page sideways (team-roles.spec.ts).
 */
export const E2E_LONG_ADMIN_EMAIL = 'community.wildfire.resilience.programme@consortium.test';

/** The admin who walks every console page at two widths (team-roles.spec.ts), apart from the roles test's own sign-ins. */
export const E2E_LISTS_ADMIN_EMAIL = 'lists.desk@consortium.test';

/** The API's mail settings in end-to-end runs (links in emails use SITE_ORIGIN, set beside them). */
export function e2eMailEnv(): Record<string, string> {
  return {
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    NOTIFY_FROM: E2E_NOTIFY_FROM,
    NOTIFY_TO: E2E_NOTIFY_TO,
    NOTIFY_TO_SPONSOR: E2E_NOTIFY_TO_SPONSOR,
    TEAM_EMAILS: [
      E2E_TEAM_EMAIL,
      E2E_ROLES_ADMIN_EMAIL,
      E2E_LONG_ADMIN_EMAIL,
      E2E_LISTS_ADMIN_EMAIL,
      ...seeded(UPDATES_PROJECTS, [e2eUpdatesAdminEmail, e2eUpdatesComposerEmail]),
      ...seeded(
        PUBLISHING_PROJECTS,
        PUBLISHING_PURPOSES.map((purpose) => (attempt: Attempt) => e2ePublishingAdminEmail(purpose, attempt)),
      ),
      ...seeded(
        PUBLISHING_PROJECTS,
        PROBE_PURPOSES.map((purpose) => (attempt: Attempt) => e2eProbeAdminEmail(purpose, attempt)),
      ),
      ...PUBLISHING_PROJECTS.map(e2eArchiveAdminEmail),
      ...PUBLISHING_PROJECTS.map(e2eImpactAdminEmail),
      ...PUBLISHING_PROJECTS.map(e2eReachAdminEmail),
    ].join(','),
  };
}

/** Every message the local SMTP server has received for one address, oldest first. */
export async function mailTo(request: APIRequestContext, address: string): Promise<ReceivedMail[]> {
  const response = await request.get(`${E2E_SMTP_CONTROL}/messages?to=${encodeURIComponent(address)}`);
  if (response.status() !== 200) {
    throw new Error(`The test SMTP server answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as ReceivedMail[];
}

/**
 * A reader who subscribed and confirmed through the API, from a client address of the caller's
 * own (the confirmation cap counts per address): the subscribe form, then the emailed token.
 */
export async function confirmedSubscriber(request: APIRequestContext, email: string, client: string): Promise<void> {
  const sent = await request.post('/api/submit-subscribe-form', {
    headers: { 'X-Forwarded-For': client },
    data: { firstName: 'Ada', lastName: 'Reader', email, zipCode: '95814' },
  });
  expect(sent.status()).toBe(200);
  let token = '';
  await expect
    .poll(async () => {
      const text = (await mailTo(request, email)).map((mail) => mail.text ?? '').join('\n');
      token = /\/updates\/confirm\?token=([A-Za-z0-9._-]+)/.exec(text)?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  const confirmed = await request.post('/api/updates/confirm', { data: { token: decodeURIComponent(token) } });
  expect(confirmed.status()).toBe(200);
}
