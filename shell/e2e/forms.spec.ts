import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';

const ZIP_NAME = 'community-wildfire-resilience-scorecard-02-20-24.zip';
const ERROR_TEXT =
  'ERROR: There was an issue submitting the form. Please try again. If the problem continues, contact us, and our team will gladly assist you.';

interface Kind {
  readonly name: string;
  readonly dialog: string;
  readonly submit: string;
  readonly path: string;
  readonly thanks: RegExp;
  /** Pop-ups close on success; page variants and notify stay open. */
  readonly staysOpen?: boolean;
}

const KINDS: readonly Kind[] = [
  { name: 'Download', dialog: 'Download the Scorecard', submit: 'Download', path: 'download', thanks: /^Thank you for downloading!/ },
  { name: 'Notify-me', dialog: 'Notify Me About the Next Showcase', submit: 'Notify Me', path: 'notifyme', thanks: /Thank you for submitting! .*next .*Showcase/, staysOpen: true },
  { name: 'Subscribe (pop-up)', dialog: 'Subscribe for Updates', submit: 'Subscribe', path: 'subscribe', thanks: /Thank you for subscribing!/ },
  { name: 'Subscribe (scorecard page)', dialog: 'Subscribe for Updates', submit: 'Subscribe', path: 'subscribe', thanks: /Thank you for subscribing!/, staysOpen: true },
  { name: 'Sponsor', dialog: 'Become a Sponsor', submit: 'Send Request', path: 'sponsor', thanks: /Thank you for your interest in sponsoring!/ },
  { name: 'Collaboration', dialog: 'Collaborate With Us', submit: 'Send', path: 'collab', thanks: /Thank you for offering to collaborate!/ },
  { name: 'Feedback', dialog: 'Share Feedback & Upload Your Scorecard', submit: 'Send Feedback', path: 'feedback', thanks: /Thank you for your feedback!/ },
  { name: 'Contact (pop-up and /contact-us)', dialog: 'Contact Us', submit: 'Send Message', path: 'contact', thanks: /Thank you for contacting us!/ },
  { name: 'Contact (scorecard page)', dialog: 'Contact Us', submit: 'Send Message', path: 'contact', thanks: /Thank you for contacting us!/, staysOpen: true },
  { name: 'Support', dialog: 'Support Wildfire Prevention', submit: 'Offer Support', path: 'support', thanks: /Thank you for offering your support!/ },
];

async function openForm(page: Page, kind: Kind): Promise<Locator> {
  await page.getByRole('button', { name: `Open the ${kind.name} form` }).click();
  const dialog = page.getByRole('dialog', { name: kind.dialog });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillRequired(dialog: Locator, tag: string) {
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel('Email').fill(`ada+${tag}@example.org`);
  await dialog.getByLabel('Zip / postal code').fill('94110');
}

function isSubmission(request: Request, path: string): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === `/api/submit-${path}-form`;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/dev/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Form Gallery' })).toBeVisible();
});

for (const kind of KINDS) {
  test(`the ${kind.name} form submits to the real API and thanks the visitor`, async ({ page }) => {
    const dialog = await openForm(page, kind);
    await fillRequired(dialog, kind.path);
    const firstFlag = dialog.getByRole('checkbox').first();
    if ((await dialog.getByRole('checkbox').count()) > 0) await firstFlag.check();
    const downloaded = kind.path === 'download' ? page.waitForEvent('download') : null;
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => isSubmission(candidate.request(), kind.path)),
      dialog.getByRole('button', { name: kind.submit, exact: true }).click(),
    ]);
    expect(response.status()).toBe(200);
    const message = page.getByRole('status').filter({ hasText: kind.thanks }).first();
    await expect(message).toBeVisible();
    if (kind.staysOpen) {
      await expect(dialog).toBeVisible();
    } else {
      await expect(dialog).toBeHidden();
    }
    if (downloaded) expect((await downloaded).suggestedFilename()).toBe(ZIP_NAME);
    if (kind.staysOpen && kind.path !== 'notifyme') await expect(dialog.getByLabel('First name')).toHaveValue('');
  });
}

test('the download form thanks the visitor with the spec text and downloads the scorecard zip', async ({ page }) => {
  const dialog = await openForm(page, KINDS[0]!);
  await fillRequired(dialog, 'zip');
  const downloadEvent = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toBe(ZIP_NAME);
  expect(await download.failure()).toBeNull();
  const saved = await download.path();
  // A zip archive starts with the local file header signature "PK\x03\x04".
  expect((await readFile(saved)).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(new URL(download.url()).pathname).toBe(`/assets/content/${ZIP_NAME}`);
  await expect(
    page.getByRole('status').filter({
      hasText: 'Thank you for downloading! If you have any questions or need support, please get in touch with us.',
    }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for downloading!' })).toHaveCount(0);
});

test('a required field left empty blocks the send', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/submit-')) sent.push(request.url());
  });
  const dialog = await openForm(page, KINDS.find((kind) => kind.name === 'Sponsor')!);
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel('Zip / postal code').fill('94110');
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  const email = dialog.getByLabel('Email');
  expect(await email.evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(true);
  await expect(dialog).toBeVisible();
  expect(sent).toEqual([]);
});

test('a zip code shorter than 4 characters blocks the send where the spec asks for it', async ({ page }) => {
  const dialog = await openForm(page, KINDS.find((kind) => kind.name === 'Collaboration')!);
  await fillRequired(dialog, 'short-zip');
  await dialog.getByLabel('Zip / postal code').fill('941');
  const sends: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/submit-')) sends.push(request.url());
  });
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  expect(await dialog.getByLabel('Zip / postal code').evaluate((input) => (input as HTMLInputElement).validity.tooShort)).toBe(true);
  expect(sends).toEqual([]);
});

test('a feedback file of another type shows a message, keeps the input and is not sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/submit-')) sent.push(request.url());
  });
  const dialog = await openForm(page, KINDS.find((kind) => kind.name === 'Feedback')!);
  await fillRequired(dialog, 'bad-file');
  await dialog.getByLabel('Message').fill('Our pilot went well.');
  await dialog.getByLabel('Files').setInputFiles([
    { name: 'results.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
  ]);
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('"setup.exe" is not a file type we accept');
  await expect(alert).toContainText('Links box');
  await dialog.getByRole('button', { name: 'Send Feedback' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message')).toHaveValue('Our pilot went well.');
  await expect(dialog.getByLabel('First name')).toHaveValue('Ada');
  expect(sent).toEqual([]);
});

test('feedback sends its files as multipart', async ({ page }) => {
  const dialog = await openForm(page, KINDS.find((kind) => kind.name === 'Feedback')!);
  await fillRequired(dialog, 'upload');
  await dialog.getByLabel('Links').fill('https://example.org/our-maps');
  await dialog.getByLabel('Files').setInputFiles([
    { name: 'scorecard.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n') },
  ]);
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => isSubmission(candidate.request(), 'feedback')),
    dialog.getByRole('button', { name: 'Send Feedback' }).click(),
  ]);
  // Playwright does not expose multipart bodies that carry files, so the header and the
  // server's acceptance of the upload stand in for reading the body.
  expect(response.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(response.status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: /Thank you for your feedback!/ })).toBeVisible();
});

test('forms opened "from a scorecard page" send scorecardForm: true', async ({ page }) => {
  await page.getByLabel(/as if from a scorecard page/).check();
  const dialog = await openForm(page, KINDS.find((kind) => kind.name === 'Collaboration')!);
  await fillRequired(dialog, 'scorecard');
  const [request] = await Promise.all([
    page.waitForRequest((candidate) => isSubmission(candidate, 'collab')),
    dialog.getByRole('button', { name: 'Send', exact: true }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ scorecardForm: true, firstName: 'Ada', pilotScorecard: false });
  await expect(page.getByRole('status').filter({ hasText: /Thank you for offering to collaborate!/ })).toBeVisible();
});

test('a failed send shows the error and keeps the pop-up open with what was typed', async ({ page }) => {
  await page.route('**/api/submit-support-form', (route) => route.fulfill({ status: 503, body: '{}' }));
  const dialog = await openForm(page, KINDS.find((kind) => kind.name === 'Support')!);
  await fillRequired(dialog, 'failure');
  await dialog.getByLabel('Other').check();
  await dialog.getByLabel('Message').fill('I can lend a water tender.');
  await dialog.getByRole('button', { name: 'Offer Support' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ERROR_TEXT);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message')).toHaveValue('I can lend a water tender.');
});

test('the form footer links to the Data Protection Policy PDF in a new tab', async ({ page, request }) => {
  const dialog = await openForm(page, KINDS.find((kind) => kind.name === 'Sponsor')!);
  const link = dialog.getByRole('link', { name: /Data Protection Policy/ });
  await expect(link).toHaveAttribute('target', '_blank');
  const href = await link.getAttribute('href');
  expect(href).toBe('/assets/docs/data-protection-policy.pdf');
  const pdf = await request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
