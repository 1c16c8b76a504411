import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { TestSmtpServer } from '../../test-support/smtp/server';
import { createApp } from '../src/app';
import { createMailer, type Mailer } from '../src/mail/transport';
import { EmbeddedStore, type NewSubmission } from '../src/store';
import { testConfig } from './helpers/config';
import { signIn, teamPost } from './helpers/team';
import { person, submit } from './helpers/updates';
import { addressHash } from '../src/records/subscriptions/address';

// Issue 31 item 3: after "erase a person" answers, no byte of that person is left in the data
// directory (the embedded store kept deleted rows in its write-ahead log and free pages).

const TEAM = 'coordinator@consortium.test';

/** Every file under a folder, with its bytes. */
async function filesUnder(dir: string): Promise<{ file: string; bytes: Buffer }[]> {
  const found: { file: string; bytes: Buffer }[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(file)));
    else if (entry.isFile()) found.push({ file, bytes: await fs.readFile(file) });
  }
  return found;
}

let smtp: TestSmtpServer;
let mailer: Mailer;
let dir: string;
let store: EmbeddedStore;
beforeAll(async () => {
  smtp = new TestSmtpServer();
  await smtp.start();
  mailer = createMailer(smtp.url, 'Website <website@consortium.test>');
});
afterAll(async () => {
  mailer.close();
  await smtp.stop();
});
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-erasure-'));
  store = new EmbeddedStore(dir);
  await store.init();
});
afterEach(async () => {
  await store.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function submission(email: string, lastName: string, files: NewSubmission['files'] = []): NewSubmission {
  return {
    form: 'feedback',
    variant: 'feedback',
    page: '/scorecard',
    files,
    receivedAt: new Date(),
    fields: { firstName: 'Ines', lastName, email, organization: 'Cedar Hollow Firewise Group', message: 'Hello' },
  } as NewSubmission;
}

it('leaves no byte of the erased person in the data directory once the API answers', async () => {
  const marker = randomBytes(6).toString('hex');
  const email = `erase.${marker}@example.org`;
  const lastName = `Okafor${marker}`;
  const config = await testConfig({ teamEmails: [TEAM] });
  const app = createApp({ store, config, mailer });

  // Others' submissions around it, so the person's rows share pages with rows that stay.
  for (let index = 0; index < 40; index += 1)
    await store.submissions.insert(submission(`keep.${index}@example.org`, `Keep${index}`));
  const file = await store.files.save(Readable.from([Buffer.from(`notes of ${lastName}`)]), {
    name: `${lastName}.txt`,
    contentType: 'text/plain',
  });
  const mine = await store.submissions.insert(submission(email, lastName, [file]));
  await store.submissions.insert(submission(email.toUpperCase(), lastName));
  for (let index = 40; index < 80; index += 1)
    await store.submissions.insert(submission(`keep.${index}@example.org`, `Keep${index}`));

  const session = await signIn(app, smtp, TEAM);
  const review = await teamPost(app, session, `/api/team/submissions/${mine.id}/review`, {
    note: `Called ${lastName} back`,
  });
  expect(review.status).toBe(200);
  const before = (await filesUnder(dir)).filter(({ bytes }) => bytes.includes(marker));
  expect(before.length).toBeGreaterThan(0); // the search finds the person while they are stored

  const erased = await teamPost(app, session, '/api/team/erase', { email });
  expect(erased.body).toEqual({ submissions: 2, files: 1, assessments: 0 });

  const left = (await filesUnder(dir))
    .filter(({ bytes }) => bytes.includes(marker) || bytes.includes(marker.toUpperCase()))
    .map(({ file }) => path.relative(dir, file));
  expect(left).toEqual([]);
  // The others are all still there.
  expect((await store.submissions.list()).length).toBe(80);
});

it('leaves no byte of an erased person in the data files imported from the NeDB versions either', async () => {
  // A DATA_DIR written by NeDB: Élodie Durand among others, and a person NeDB erased (append-only,
  // still in its file). The import keeps those files in nedb-imported/.
  const fixture = path.join(__dirname, 'fixtures', 'nedb-data-dir');
  const nedbDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-erasure-nedb-'));
  for (const name of (await fs.readdir(fixture)).filter((entry) => entry.endsWith('.db')))
    await fs.copyFile(path.join(fixture, name), path.join(nedbDir, name));
  const imported = new EmbeddedStore(nedbDir);
  try {
    await imported.init();
    const stored = (await filesUnder(nedbDir)).filter(({ bytes }) => bytes.includes('Durand'));
    expect(stored.map(({ file }) => path.relative(nedbDir, file))).toContain(
      path.join('nedb-imported', 'submissions.db'),
    );

    const app = createApp({ store: imported, config: await testConfig({ teamEmails: [TEAM] }), mailer });
    const session = await signIn(app, smtp, TEAM);
    const erased = await teamPost(app, session, '/api/team/erase', { email: 'elodie.durand@example.org' });
    expect(erased.body).toEqual({ submissions: 1, files: 0, assessments: 0 });

    const left = (await filesUnder(nedbDir)).filter(
      ({ bytes }) => bytes.includes('Durand') || bytes.includes('0Mq1k2AbCdEfGhIj') || bytes.includes('"Gone"'),
    );
    expect(left.map(({ file }) => path.relative(nedbDir, file))).toEqual([]);
    // Everyone else was imported and stays.
    expect((await imported.submissions.list()).map((row) => row.fields.lastName)).toEqual(['Lovelace']);
  } finally {
    await imported.close();
    await fs.rm(nedbDir, { recursive: true, force: true });
  }
});

it('leaves no byte of an erased subscriber in the data directory once the API answers', async () => {
  const marker = randomBytes(6).toString('hex');
  const email = `subscriber.${marker}@example.org`;
  const config = await testConfig({ teamEmails: [TEAM] });
  const app = createApp({ store, config, mailer });
  for (let index = 0; index < 20; index += 1)
    expect((await submit(app, 'contact', { ...person(`keep.${index}@example.org`), subscribe: true })).status).toBe(
      200,
    );
  expect((await submit(app, 'contact', { ...person(email), subscribe: true })).status).toBe(200);
  expect(await store.subscriptions.get(addressHash(email))).not.toBeNull();
  expect((await filesUnder(dir)).some(({ bytes }) => bytes.includes(marker))).toBe(true);

  const session = await signIn(app, smtp, TEAM);
  const erased = await teamPost(app, session, '/api/team/erase', { email });
  expect(erased.body).toEqual({ submissions: 1, files: 0, assessments: 0 });

  const left = (await filesUnder(dir))
    .filter(({ bytes }) => bytes.includes(marker))
    .map(({ file }) => path.relative(dir, file));
  expect(left).toEqual([]);
});
