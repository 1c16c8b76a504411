import fs from 'node:fs/promises';
import type { Express } from 'express';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../src/app';
import type { ApiConfig } from '../../src/config';
import { createMailer } from '../../src/mail/transport';
import { NotificationWorker, type MailLane, type WorkerTiming } from '../../src/notify/worker';
import { updatesConfig } from '../../src/config/updates';
import { confirmationLane, deliveryLane, UpdateSender } from '../../src/updates/sender';
import { TestSmtpServer, type ReceivedMail } from '../../../test-support/smtp/server';
import { FAST_TIMING, notifyConfig, type MailHarness } from './notify';
import type { StoreCase } from './stores';
import { signIn, type SignedIn } from './team';
import { teamPost } from './team';

export const EDITOR = 'editor@consortium.test';

export interface UpdatesHarness extends MailHarness {
  sender: UpdateSender;
  /** Update emails the mail workers reported delivered (what the Impact page counts). */
  delivered: number;
  /** The current test's time: real time moved by `advance`. */
  now(): Date;
  advance(ms: number): void;
  /** A signed-in console member (EDITOR). */
  team(): Promise<SignedIn>;
  /** Starts a second replica's mail worker and update sender on the same store and SMTP server. */
  replica(): Promise<void>;
}

/**
 * The API with the whole updates machinery (mail worker with its three lanes, the update sender)
 * on a fresh store and a real SMTP server on a free port, per test.
 */
export function useUpdatesHarness(
  storeCase: StoreCase,
  {
    perSecond = 200,
    timing = FAST_TIMING,
    confirmationCaps,
  }: { perSecond?: number; timing?: Partial<WorkerTiming>; confirmationCaps?: ApiConfig['confirmationCaps'] } = {},
): UpdatesHarness {
  const harness = {} as UpdatesHarness;
  const logger = pino({ level: 'silent' });
  let offset = 0;
  let replicas: { worker: NotificationWorker; sender: UpdateSender }[] = [];
  beforeEach(async () => {
    offset = 0;
    harness.now = () => new Date(Date.now() + offset);
    harness.advance = (ms) => {
      offset += ms;
    };
    harness.smtp = new TestSmtpServer();
    await harness.smtp.start();
    harness.delivered = 0;
    harness.testStore = await storeCase.create();
    harness.store = harness.testStore.store;
    await harness.store.init();
    const base = await notifyConfig(harness.smtp);
    harness.config = {
      ...base,
      teamEmails: [EDITOR],
      updates: updatesConfig({}, base.siteOrigin),
      ...(confirmationCaps && { confirmationCaps }),
    };
    // What one API process runs: its mail worker (three lanes) and its update sender.
    const apiProcess = () => {
      const worker = new NotificationWorker({
        outbox: harness.store.outbox,
        mailer: createMailer(harness.config.mail.smtpUrl!, harness.config.mail.from),
        settings: harness.config,
        logger,
        timing,
        clock: () => harness.now().getTime(),
        lanes: [
          confirmationLane(harness.store, harness.config) as MailLane,
          deliveryLane(harness.store, harness.config, perSecond, () => (harness.delivered += 1)) as MailLane,
        ],
      });
      const sender = new UpdateSender({
        store: harness.store,
        logger,
        mail: worker,
        intervalMs: 200,
        clock: harness.now,
      });
      return { worker, sender };
    };
    ({ worker: harness.worker, sender: harness.sender } = apiProcess());
    replicas = [];
    harness.replica = async () => {
      const replica = apiProcess();
      replicas.push(replica);
      await replica.worker.start();
      replica.sender.start();
    };
    harness.app = createApp({
      store: harness.store,
      config: harness.config,
      notifications: harness.worker,
      clock: () => harness.now().getTime(),
      updates: { mail: harness.worker, poke: () => void harness.sender.poke() },
    });
    await harness.worker.start();
    harness.sender.start();
    let session: SignedIn | undefined;
    harness.team = async () => (session ??= await signIn(harness.app, harness.smtp, EDITOR));
  });
  afterEach(async () => {
    for (const { worker, sender } of [...replicas, harness]) {
      await sender.stop();
      await worker.stop();
    }
    await harness.smtp.stop();
    await harness.testStore.destroy();
    await fs.rm(harness.config.uploads.tmpDir, { recursive: true, force: true });
  });
  return harness;
}

/** The link of a given page (/updates/confirm, /updates/preferences) in an email's text, and its token. */
export function linkIn(mail: ReceivedMail, page: string): { url: string; token: string } {
  const match = new RegExp(`(https?://[^\\s]+${page.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9._-]+))`).exec(
    mail.text ?? '',
  );
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`);
  return { url: match[1]!, token: decodeURIComponent(match[2]!) };
}

/** Sends a form the way the site does (JSON, an Idempotency-Key). */
export function submit(app: Express, kind: string, fields: Record<string, unknown>, key?: string) {
  const req = request(app).post(`/api/submit-${kind}-form`);
  if (key) req.set('Idempotency-Key', key);
  return req.send(fields);
}

export const person = (email: string) => ({ firstName: 'Rosa', lastName: 'Marquez', email, zipCode: '95814' });

/** Composes an update as the team and sends it now; answers its id. */
export async function sendUpdate(
  harness: UpdatesHarness,
  fields: { subject: string; body: string; list: 'scorecard' | 'showcase' },
): Promise<string> {
  const team = await harness.team();
  const created = await teamPost(harness.app, team, '/api/team/updates', fields);
  expect(created.status).toBe(201);
  const sent = await teamPost(harness.app, team, `/api/team/updates/${created.body.id as string}/send`);
  expect(sent.status).toBe(200);
  return created.body.id as string;
}

/** A scorecard entry stored as the publishing records keep it (a press release unless named otherwise), published or not. */
export function storeScorecardEntry(
  harness: UpdatesHarness,
  entry: { id: string; slug: string; data: Record<string, unknown>; published: boolean; type?: string },
  at = new Date('2026-11-20T09:00:00Z'),
) {
  const { id, slug, data, published, type = 'pressRelease' } = entry;
  return harness.store.contentEntries.create(
    {
      area: 'scorecard',
      type,
      id,
      draft: { slug, data },
      version: 1,
      published: published ? { slug, data, publishedAt: at, updatedAt: at, version: 1 } : null,
      scheduled: null,
      createdAt: at,
      createdBy: EDITOR,
      updatedAt: at,
      updatedBy: EDITOR,
    },
    'create',
  );
}
