import type { Express } from 'express';
import request from 'supertest';
import type { TestSmtpServer, ReceivedMail } from '../../../test-support/smtp/server';

/** The token of a sign-in link in an email's text. */
export function linkToken(mail: ReceivedMail): string {
  const token = /\/team\/sign-in#token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`no sign-in link in: ${mail.text}`);
  return token;
}

/**
 * Asks for a link for `email` and waits until the SMTP server has received it: the next sign-in
 * link to that address (other emails, such as a slow store's notifications, may arrive between).
 */
export async function requestLink(app: Express, smtp: TestSmtpServer, email: string): Promise<string> {
  const isLink = (mail: ReceivedMail) =>
    mail.envelope.to.length === 1 &&
    mail.envelope.to[0] === email.toLowerCase() &&
    /\/team\/sign-in#token=/.test(mail.text ?? '');
  const before = smtp.messages.filter(isLink).length;
  const res = await request(app).post('/api/team/sign-in').send({ email });
  expect(res.status).toBe(202);
  const links = await smtp.waitForMessages(before + 1, { filter: isLink });
  return linkToken(links[before]!);
}

export interface SignedIn {
  /** The Cookie header to send. */
  readonly cookie: string;
  readonly csrfToken: string;
  /** The Set-Cookie header as the API sent it. */
  readonly setCookie: string;
}

/** Follows a sign-in link: starts a session. */
export async function startSession(app: Express, token: string): Promise<SignedIn> {
  const res = await request(app).post('/api/team/session').send({ token });
  expect(res.status).toBe(201);
  const setCookie = String(res.headers['set-cookie']?.[0] ?? '');
  return { cookie: setCookie.split(';')[0]!, csrfToken: res.body.csrfToken as string, setCookie };
}

export async function signIn(app: Express, smtp: TestSmtpServer, email: string): Promise<SignedIn> {
  return startSession(app, await requestLink(app, smtp, email));
}

/** A console write as `who`: its session cookie and CSRF token, and a JSON body. */
export const teamPost = (app: Express, who: Pick<SignedIn, 'cookie' | 'csrfToken'>, path: string, body: object = {}) =>
  request(app).post(path).set('Cookie', who.cookie).set('X-CSRF-Token', who.csrfToken).send(body);
