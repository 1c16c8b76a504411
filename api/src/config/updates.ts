type Env = Readonly<Record<string, string | undefined>>;

/** How updates are sent (api/src/updates/README.md). */
export interface UpdatesConfig {
  /** UPDATES_RATE: update emails started per second. */
  readonly perSecond: number;
  /** UPDATES_POSTAL_ADDRESS: the consortium's postal address, in every update's footer (CAN-SPAM). */
  readonly postalAddress: string;
  /** UPDATES_UNSUBSCRIBE_ADDRESS: the mailto: of List-Unsubscribe. */
  readonly unsubscribeAddress: string;
  /** UPDATES_INBOUND_SMTP_PORT: where the API receives mail to that address; unset: not received here. */
  readonly inboundSmtpPort?: number;
}

/** A sample until the consortium gives its own (docs/sample-content.md). */
export const SAMPLE_POSTAL_ADDRESS =
  'Wildfire Prevention Consortium, 100 Ember Lane, Suite 4, Sacramento, CA 95814, USA';

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function updatesConfig(env: Env, siteOrigin: string): UpdatesConfig {
  const rate = text(env, 'UPDATES_RATE');
  const perSecond = rate === undefined ? 20 : Number(rate);
  if (!Number.isFinite(perSecond) || perSecond <= 0 || perSecond > 10_000) {
    throw new Error(`UPDATES_RATE must be a number of emails per second above 0, got "${rate}".`);
  }
  const postalAddress = text(env, 'UPDATES_POSTAL_ADDRESS') ?? SAMPLE_POSTAL_ADDRESS;
  if (/[\r\n]/.test(postalAddress)) throw new Error('UPDATES_POSTAL_ADDRESS must be one line.');
  const unsubscribeAddress = text(env, 'UPDATES_UNSUBSCRIBE_ADDRESS') ?? `unsubscribe@${new URL(siteOrigin).hostname}`;
  if (!/^[^\s@<>,;:"()[\]\\]+@[^\s@<>,;:"()[\]\\]+$/.test(unsubscribeAddress)) {
    throw new Error(`UPDATES_UNSUBSCRIBE_ADDRESS must be one plain address, got "${unsubscribeAddress}".`);
  }
  const port = text(env, 'UPDATES_INBOUND_SMTP_PORT');
  const inboundSmtpPort = port === undefined ? undefined : Number(port);
  if (
    inboundSmtpPort !== undefined &&
    !(Number.isInteger(inboundSmtpPort) && inboundSmtpPort > 0 && inboundSmtpPort < 65536)
  ) {
    throw new Error(`UPDATES_INBOUND_SMTP_PORT must be a port number, got "${port}".`);
  }
  return { perSecond, postalAddress, unsubscribeAddress, inboundSmtpPort };
}
