import type { Logger } from 'pino';
import type { ApiConfig } from '../config';
import type { Mailer } from '../mail/transport';
import type { Notifications } from '../notify/worker';
import type { ContentService } from '../content/service';
import type { Store } from '../store';
import type { AccessOf } from './access';
import type { AuditLog } from '../records/audit/log';

/** What every part of the console's API is built from. */
export interface ConsoleContext {
  readonly store: Store;
  readonly config: ApiConfig;
  readonly logger: Logger;
  readonly clock: () => Date;
  /** Sends the sign-in links; none without SMTP_URL. */
  readonly mailer?: Mailer;
  /** The team's emails of submissions (the outbox), for the inbox; none without SMTP_URL. */
  readonly notifications?: Notifications;
  /** Admin, member with roles, or nothing: asked on every request. */
  readonly accessOf: AccessOf;
  /** Every console action records itself here. */
  readonly audit: AuditLog;
  /** Moves updates along at once after a send or a resume (the update sender). */
  readonly pokeUpdates: () => void;
  /** Publishing and previews, for the content editor's routes. */
  readonly content: ContentService;
}
