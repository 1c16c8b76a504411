import type { Logger } from 'pino';
import type { Mailer } from '../mail/transport';
import type { Store } from '../store';
import type { AccessOf } from './access';
import { newToken, SIGN_IN_LINK_TTL_MS, tokenHash } from './session';

/** The console's page that takes a sign-in link's token (from the fragment: it never reaches a server log). */
export const SIGN_IN_PAGE = '/team/sign-in';
/** Links sent to one address per window; more requests are answered alike and send nothing. */
const LINKS_PER_ADDRESS = 3;

export interface SignInLinks {
  /** Sends a link when the address is an admin's or a member's; does nothing otherwise. Never says which. */
  request(email: string): Promise<void>;
}

export interface SignInLinkOptions {
  readonly store: Pick<Store, 'sessions' | 'rateCounts'>;
  readonly accessOf: AccessOf;
  readonly siteOrigin: string;
  readonly production: boolean;
  readonly mailer?: Mailer;
  readonly logger: Logger;
  readonly clock: () => Date;
}

export function signInLinks({
  store,
  accessOf,
  siteOrigin,
  production,
  mailer,
  logger,
  clock,
}: SignInLinkOptions): SignInLinks {
  /**
   * At most LINKS_PER_ADDRESS per link lifetime to one inbox, so the form cannot flood a
   * colleague's; counted in the store, so replicas share the count (keyed by the address's hash).
   */
  const withinBudget = async (address: string) =>
    (await store.rateCounts.hit(`sign-in-link:${tokenHash(address)}`, SIGN_IN_LINK_TTL_MS)).count <= LINKS_PER_ADDRESS;

  return {
    async request(email) {
      const address = email.trim().toLowerCase();
      const now = clock();
      if (!(await accessOf(address)) || !(await withinBudget(address))) return;
      const token = newToken();
      await store.sessions.saveSignInToken({
        tokenHash: tokenHash(token),
        email: address,
        expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
      });
      // Only the newest link works: one forwarded or left in an old email opens nothing. Ended
      // after the new one is stored, so two requests at once leave at most one link, never two.
      await store.sessions.endSignInTokens(address, tokenHash(token));
      const link = `${siteOrigin}${SIGN_IN_PAGE}#token=${token}`;
      if (mailer) {
        await mailer.send({
          to: [address],
          subject: 'Your sign-in link for the team console',
          text:
            `Follow this link to sign in to the consortium's team console:\n\n${link}\n\n` +
            'It works once, for 15 minutes. If you did not ask for it, you can ignore this email.\n',
          html:
            `<p>Follow this link to sign in to the consortium's team console:</p><p><a href="${link}">Sign in to the team console</a></p>` +
            '<p>It works once, for 15 minutes. If you did not ask for it, you can ignore this email.</p>',
        });
      } else if (!production) {
        // Local development without SMTP_URL: the link is the only way in. Only the link is logged.
        logger.info(`team console sign-in link (SMTP_URL is not set, so it is logged instead of sent): ${link}`);
      } else {
        logger.error('a team console sign-in link could not be sent: SMTP_URL is not set');
      }
    },
  };
}
