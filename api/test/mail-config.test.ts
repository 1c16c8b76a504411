import { loadConfig } from '../src/config';
import { worstSendMs } from '../src/mail/timeouts';
import { recipientsFor } from '../src/mail/config';

describe('mail settings (SMTP_URL, NOTIFY_*, SITE_ORIGIN, TEAM_EMAILS)', () => {
  it('are off by default: no SMTP_URL, the local site origin, nobody on the team', () => {
    const config = loadConfig({});
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.to).toEqual([]);
    expect(config.siteOrigin).toBe('http://localhost:3000');
    expect(config.teamEmails).toEqual([]);
  });

  it('route each kind to NOTIFY_TO_<KIND> when set, else to NOTIFY_TO', () => {
    const { mail } = loadConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.org:465',
      NOTIFY_FROM: 'Website <web@example.org>',
      NOTIFY_TO: 'team@example.org, office@example.org',
      NOTIFY_TO_SPONSOR: 'partners@example.org',
      NOTIFY_TO_SUPPORT: 'help@example.org,desk@example.org',
    });
    expect(mail.smtpUrl).toBe('smtps://user:secret@mail.example.org:465');
    expect(mail.from).toBe('Website <web@example.org>');
    expect(recipientsFor(mail, 'sponsor')).toEqual(['partners@example.org']);
    expect(recipientsFor(mail, 'support')).toEqual(['help@example.org', 'desk@example.org']);
    for (const kind of ['download', 'notifyme', 'collab', 'subscribe', 'feedback', 'contact'] as const) {
      expect(recipientsFor(mail, kind)).toEqual(['team@example.org', 'office@example.org']);
    }
  });

  it('take SITE_ORIGIN as a bare origin and lower-case TEAM_EMAILS', () => {
    const config = loadConfig({
      SITE_ORIGIN: 'https://www.example.org/',
      TEAM_EMAILS: 'Ana@Example.org, bo@example.org',
    });
    expect(config.siteOrigin).toBe('https://www.example.org');
    expect(config.teamEmails).toEqual(['ana@example.org', 'bo@example.org']);
    expect(config.mail.from).toContain('@www.example.org');
  });

  // Issue 31 item 4: a claim that runs out mid-send lets another replica send the email again.
  it('give the outbox a lease longer than the slowest send the transport’s timeouts allow, and refuse a shorter one', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example.org', NOTIFY_TO: 'team@example.org' };
    const oneRecipient = worstSendMs(1);
    // Connecting, the greeting and six answers of 30 s each, twice (a pooled connection's wait).
    expect(oneRecipient).toBe(2 * (10_000 + 10_000 + 5 * 30_000));
    expect(loadConfig(smtp).mail.timing.leaseMs).toBeGreaterThan(oneRecipient);
    const three = { ...smtp, NOTIFY_TO_SPONSOR: 'a@example.org, b@example.org, c@example.org' };
    expect(loadConfig(three).mail.timing.leaseMs).toBeGreaterThan(worstSendMs(3));
    // The lease of before, 60 s, is refused at start, naming the reason.
    expect(() => loadConfig({ ...smtp, NOTIFY_LEASE_MS: '60000' })).toThrow(
      /NOTIFY_LEASE_MS must be longer than the slowest send the SMTP transport allows \(340000 ms/,
    );
    expect(loadConfig({ ...smtp, NOTIFY_LEASE_MS: '600000' }).mail.timing.leaseMs).toBe(600_000);
  });

  it('refuse what cannot work, saying what is wrong', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(
      /SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    );
    expect(() => loadConfig({ SMTP_URL: 'not a url with password' })).toThrow(/SMTP_URL is not a URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.org' })).toThrow(
      /every form kind needs a recipient: set NOTIFY_TO/,
    );
    expect(() =>
      loadConfig({ SMTP_URL: 'smtp://mail.example.org', NOTIFY_TO_SPONSOR: 'partners@example.org' }),
    ).toThrow(/NOTIFY_TO_DOWNLOAD, NOTIFY_TO_NOTIFYME, NOTIFY_TO_COLLAB/);
    expect(() => loadConfig({ NOTIFY_TO: 'team@example.org, Bcc: x@example.org' })).toThrow(
      /NOTIFY_TO must be a comma-separated list of email addresses .* "Bcc: x@example.org" is not one/,
    );
    expect(() => loadConfig({ TEAM_EMAILS: 'ana' })).toThrow(/TEAM_EMAILS .* "ana" is not one/);
    expect(() => loadConfig({ SITE_ORIGIN: 'https://www.example.org/team' })).toThrow(
      /SITE_ORIGIN must be an http\(s\) origin with no path/,
    );
    expect(() => loadConfig({ SITE_ORIGIN: 'www.example.org' })).toThrow(
      /SITE_ORIGIN must be the site's public origin/,
    );
  });

  it('never put the SMTP password into an error message', () => {
    expect(() => loadConfig({ SMTP_URL: 'ftp://user:hunter2@mail.example.org' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});
