import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';
import { exportedSubmissions } from '../../test-support/e2e/team-export';
import { SPEC_FORM_IDS, SPEC_FORMS, specSubmission, type SpecFormId } from '../../test-support/spec/forms';

const ZIP_NAME = 'community-wildfire-resilience-scorecard-02-20-24.zip';
const ERROR_TEXT =
  'ERROR: There was an issue submitting the form. Please try again. If the problem continues, contact us, and our team will gladly assist you.';

/** How the /dev/forms gallery presents each form kind. */
interface GalleryEntry {
  readonly name: string;
  readonly dialog: string;
  readonly submit: string;
  readonly thanks: RegExp;
  /** Pop-ups close on success; page variants and notify stay open. */
  readonly staysOpen?: boolean;
}

const GALLERY: Readonly<Record<SpecFormId, GalleryEntry>> = {
  download: {
    name: 'Download',
    dialog: 'Download the Scorecard',
    submit: 'Download',
    thanks: /^Thank you for downloading!/,
  },
  notify: {
    name: 'Notify-me',
    dialog: 'Notify Me About the Next Showcase',
    submit: 'Notify Me',
    thanks: /Thank you for submitting! .*next .*Showcase/,
    staysOpen: true,
  },
  subscribe: {
    name: 'Subscribe (pop-up)',
    dialog: 'Subscribe for Updates',
    submit: 'Subscribe',
    thanks: /Thank you for subscribing!/,
  },
  subscribePage: {
    name: 'Subscribe (scorecard page)',
    dialog: 'Subscribe for Updates',
    submit: 'Subscribe',
    thanks: /Thank you for subscribing!/,
    staysOpen: true,
  },
  sponsor: {
    name: 'Sponsor',
    dialog: 'Become a Sponsor',
    submit: 'Send Request',
    thanks: /Thank you for your interest in sponsoring!/,
  },
  collab: {
    name: 'Collaboration',
    dialog: 'Collaborate With Us',
    submit: 'Send',
    thanks: /Thank you for offering to collaborate!/,
  },
  feedback: {
    name: 'Feedback',
    dialog: 'Share Feedback & Upload Your Scorecard',
    submit: 'Send Feedback',
    thanks: /Thank you for your feedback!/,
  },
  contact: {
    name: 'Contact (pop-up and /contact-us)',
    dialog: 'Contact Us',
    submit: 'Send Message',
    thanks: /Thank you for contacting us!/,
  },
  contactScorecard: {
    name: 'Contact (scorecard page)',
    dialog: 'Contact Us',
    submit: 'Send Message',
    thanks: /Thank you for contacting us!/,
    staysOpen: true,
  },
  support: {
    name: 'Support',
    dialog: 'Support Wildfire Prevention',
    submit: 'Offer Support',
    thanks: /Thank you for offering your support!/,
  },
};

/** Small genuine files, as a visitor would upload them (the API sniffs their bytes). */
const UPLOADS = [
  {
    name: 'pilot-results.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n'),
  },
  {
    name: 'burn-scar.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  },
];

async function openForm(page: Page, form: SpecFormId): Promise<Locator> {
  const entry = GALLERY[form];
  await page.getByRole('button', { name: `Open the ${entry.name} form` }).click();
  const dialog = page.getByRole('dialog', { name: entry.dialog });
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
  return request.method() === 'POST' && new URL(request.url()).pathname === path;
}

/** The endpoint kind of a spec path: /api/submit-notifyme-form -> notifyme. */
function endpointKind(path: string): string {
  const match = /^\/api\/submit-([a-z]+)-form$/.exec(path);
  if (!match?.[1]) throw new Error(`Unexpected form path ${path}`);
  return match[1];
}

/** Every request to a submit endpoint, as the browser reports it. */
function recordSubmissions(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/submit-')) sent.push(request.url());
  });
  return sent;
}

/**
 * Clicks submit and waits until the browser's own validation has answered the click: it fires
 * "invalid" on each bad field and no "submit" at all, so no handler ran and nothing can be sent.
 * Returns the names of the fields the browser refused.
 */
async function expectSendBlocked(dialog: Locator, submitLabel: string, sent: readonly string[]): Promise<string[]> {
  type Watch = { invalid: string[]; submitted: number };
  const form = dialog.locator('form');
  await form.evaluate((element) => {
    const watch: Watch = { invalid: [], submitted: 0 };
    element.addEventListener('invalid', (event) => watch.invalid.push((event.target as HTMLInputElement).name), true);
    element.addEventListener('submit', () => (watch.submitted += 1), true);
    Object.assign(element, { e2eWatch: watch });
  });
  const read = () => form.evaluate((element) => (element as unknown as { e2eWatch: Watch }).e2eWatch);
  await dialog.getByRole('button', { name: submitLabel, exact: true }).click();
  await expect.poll(async () => (await read()).invalid.length).toBeGreaterThan(0);
  const watch = await read();
  expect(watch.submitted).toBe(0);
  expect(sent).toEqual([]);
  return watch.invalid;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/dev/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Form Gallery' })).toBeVisible();
  // The page shows before its scripts start; what is clicked or typed before hydration is lost.
  await waitForHydration(page);
});

for (const form of SPEC_FORM_IDS) {
  const spec = SPEC_FORMS[form];
  const entry = GALLERY[form];

  test(`the ${spec.row} form is stored field by field as the visitor filled it in`, async ({ page, request }) => {
    const tag = `${form.toLowerCase()}-${Date.now().toString(36)}-${test.info().workerIndex}`;
    const expected = specSubmission(spec, tag);
    if (spec.scorecardForm) await page.getByLabel(/as if from a scorecard page/).check();
    const dialog = await openForm(page, form);

    // Flags first: one of them may reveal a field (support's message needs Other).
    for (const [name, value] of Object.entries(expected)) {
      if (spec.fields[name] === 'boolean') await dialog.locator(`[name="${name}"]`).setChecked(value === true);
    }
    for (const [name, value] of Object.entries(expected)) {
      const type = spec.fields[name];
      if ((type === 'text' || type === 'email') && spec.fixed?.[name] === undefined) {
        await dialog.locator(`[name="${name}"]`).fill(String(value));
      }
    }
    if (spec.fields.files === 'files') await dialog.locator('[name="files"]').setInputFiles(UPLOADS);

    const downloaded = form === 'download' ? page.waitForEvent('download') : null;
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => isSubmission(candidate.request(), spec.path)),
      dialog.getByRole('button', { name: entry.submit, exact: true }).click(),
    ]);
    expect(response.status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: entry.thanks }).first()).toBeVisible();
    if (entry.staysOpen) await expect(dialog).toBeVisible();
    else await expect(dialog).toBeHidden();
    if (downloaded) expect((await downloaded).suggestedFilename()).toBe(ZIP_NAME);
    if (entry.staysOpen && form !== 'notify') await expect(dialog.getByLabel('First name')).toHaveValue('');

    const stored = (await exportedSubmissions(request, endpointKind(spec.path))).filter(
      (submission) => submission.fields.email === expected.email,
    );
    expect(stored).toHaveLength(1);
    const [submission] = stored;
    expect(submission!.variant).toBe(form);
    expect(submission!.fields).toEqual(expected);
    if (spec.fields.files === 'files') {
      expect(submission!.files.map((file) => file.name)).toEqual(UPLOADS.map((upload) => upload.name));
      expect(submission!.files.map((file) => file.size)).toEqual(UPLOADS.map((upload) => upload.buffer.length));
    } else {
      expect(submission!.files).toEqual([]);
    }
  });
}

test('the download form thanks the visitor with the spec text and downloads the scorecard zip', async ({ page }) => {
  const dialog = await openForm(page, 'download');
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
  const sent = recordSubmissions(page);
  const dialog = await openForm(page, 'sponsor');
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel('Zip / postal code').fill('94110');
  expect(await expectSendBlocked(dialog, GALLERY.sponsor.submit, sent)).toEqual(['email']);
  expect(await dialog.getByLabel('Email').evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(
    true,
  );
  await expect(dialog).toBeVisible();
});

test('a zip code shorter than 4 characters blocks the send where the spec asks for it', async ({ page }) => {
  const sent = recordSubmissions(page);
  const dialog = await openForm(page, 'collab');
  await fillRequired(dialog, 'short-zip');
  await dialog.getByLabel('Zip / postal code').fill('941');
  expect(await expectSendBlocked(dialog, GALLERY.collab.submit, sent)).toEqual(['zipCode']);
  expect(
    await dialog.getByLabel('Zip / postal code').evaluate((input) => (input as HTMLInputElement).validity.tooShort),
  ).toBe(true);
});

test('a feedback file of another type shows a message, keeps the input and is not sent', async ({ page }) => {
  const sent = recordSubmissions(page);
  const dialog = await openForm(page, 'feedback');
  await fillRequired(dialog, 'bad-file');
  await dialog.getByLabel('Message').fill('Our pilot went well.');
  await dialog.getByLabel('Files').setInputFiles([
    { name: 'results.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
  ]);
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('"setup.exe" is not a file type we accept');
  await expect(alert).toContainText('Links box');
  expect(await expectSendBlocked(dialog, GALLERY.feedback.submit, sent)).toEqual(['files']);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message')).toHaveValue('Our pilot went well.');
  await expect(dialog.getByLabel('First name')).toHaveValue('Ada');
});

test('feedback sends its files as multipart', async ({ page }) => {
  const dialog = await openForm(page, 'feedback');
  await fillRequired(dialog, 'upload');
  await dialog.getByLabel('Links').fill('https://example.org/our-maps');
  await dialog.getByLabel('Files').setInputFiles([UPLOADS[0]!]);
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => isSubmission(candidate.request(), SPEC_FORMS.feedback.path)),
    dialog.getByRole('button', { name: 'Send Feedback' }).click(),
  ]);
  expect(response.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(response.status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: /Thank you for your feedback!/ })).toBeVisible();
});

test('a form opened normally sends no scorecardForm', async ({ page }) => {
  const dialog = await openForm(page, 'collab');
  await fillRequired(dialog, 'not-scorecard');
  const [request] = await Promise.all([
    page.waitForRequest((candidate) => isSubmission(candidate, SPEC_FORMS.collab.path)),
    dialog.getByRole('button', { name: 'Send', exact: true }).click(),
  ]);
  expect(request.postDataJSON()).not.toHaveProperty('scorecardForm');
  await expect(page.getByRole('status').filter({ hasText: /Thank you for offering to collaborate!/ })).toBeVisible();
});

test('a failed send shows the error and keeps the pop-up open with what was typed', async ({ page }) => {
  await page.route('**/api/submit-support-form', (route) => route.fulfill({ status: 503, body: '{}' }));
  const dialog = await openForm(page, 'support');
  await fillRequired(dialog, 'failure');
  await dialog.getByLabel('Other').check();
  await dialog.getByLabel('Message').fill('I can lend a water tender.');
  await dialog.getByRole('button', { name: 'Offer Support' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ERROR_TEXT);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message')).toHaveValue('I can lend a water tender.');
});

test('the form footer links to the Data Protection Policy PDF in a new tab', async ({ page, request }) => {
  const dialog = await openForm(page, 'sponsor');
  const link = dialog.getByRole('link', { name: /Data Protection Policy/ });
  await expect(link).toHaveAttribute('target', '_blank');
  const href = await link.getAttribute('href');
  expect(href).toBe('/assets/docs/data-protection-policy.pdf');
  const pdf = await request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
