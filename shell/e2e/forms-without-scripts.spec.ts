// Every form kind of the spec sent with JavaScript off, through the edge (node and nginx): a
// pop-up's button leads to the form's own page, an inline form posts as it is; the answer is a
// page (the thanks, or the form as typed with what needs attention), what was typed never goes
// into an address, and the submission is stored as the scripted form stores it.
import { expect, test, type Page } from '@playwright/test';
import { exportedSubmissions } from '../../test-support/e2e/team-export';
import { SPEC_FORMS, specSubmission, type SpecFormId } from '../../test-support/spec/forms';

test.use({ javaScriptEnabled: false });

const ZIP_NAME = 'community-wildfire-resilience-scorecard-02-20-24.zip';
const FIELDS_NEED_ATTENTION = /Some fields need attention/;

/** Where each form is on the site, and how a visitor without scripts reaches it. */
interface Reach {
  readonly page: string;
  /** The pop-up's button or link; none for a form shown inline on the page. */
  readonly open?: { readonly role: 'button' | 'link'; readonly name: string };
  /** The card or section holding it, when the page has more than one. */
  readonly within?: string;
  readonly submit: string;
  readonly thanks: RegExp;
}

const REACH: Readonly<Record<SpecFormId, Reach>> = {
  download: {
    page: '/',
    open: { role: 'button', name: 'Download Scorecard' },
    submit: 'Download',
    thanks: /^Thank you for downloading!/,
  },
  notify: {
    page: '/',
    open: { role: 'button', name: 'Notify Me!' },
    submit: 'Notify Me',
    thanks: /Thank you for submitting! .*next .*Showcase/,
  },
  subscribe: {
    page: '/',
    within: 'Subscribe for Updates',
    submit: 'Subscribe',
    thanks: /Thank you for subscribing!/,
  },
  subscribePage: {
    page: '/scorecard/subscribe',
    submit: 'Subscribe',
    thanks: /Thank you for subscribing!/,
  },
  sponsor: {
    page: '/sponsors',
    open: { role: 'button', name: 'Become a Sponsor' },
    submit: 'Send Request',
    thanks: /Thank you for your interest in sponsoring!/,
  },
  collab: {
    page: '/scorecard',
    open: { role: 'button', name: 'Pilot with Us' },
    submit: 'Send',
    thanks: /Thank you for offering to collaborate!/,
  },
  feedback: {
    page: '/',
    open: { role: 'button', name: 'Feedback & Upload' },
    submit: 'Send Feedback',
    thanks: /Thank you for your feedback!/,
  },
  contact: {
    page: '/contact-us',
    submit: 'Send Message',
    thanks: /Thank you for contacting us!/,
  },
  contactScorecard: {
    page: '/scorecard/contact',
    submit: 'Send Message',
    thanks: /Thank you for contacting us!/,
  },
  support: {
    page: '/scorecard/participation',
    open: { role: 'link', name: 'Support Wildfire Prevention' },
    submit: 'Offer Support',
    thanks: /Thank you for offering your support!/,
  },
};

const UPLOAD = {
  name: 'burn-scar.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** Every address the browser asks for, to check that nothing typed ends up in one. */
function recordAddresses(page: Page): string[] {
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(decodeURIComponent(request.url())));
  return addresses;
}

/** Opens the form as a visitor without scripts does; answers the form element. */
async function reachForm(page: Page, reach: Reach) {
  await page.goto(reach.page);
  if (reach.open) {
    await page.getByRole(reach.open.role, { name: reach.open.name, exact: true }).first().click();
    await expect(page).toHaveURL(/\/forms\/[a-zA-Z]+(\?|$)/);
  }
  const scope = reach.within ? page.locator('section').filter({ hasText: reach.within }).last() : page.locator('main');
  return scope.locator('form[method="post"]');
}

for (const form of Object.keys(REACH) as SpecFormId[]) {
  const spec = SPEC_FORMS[form];
  const reach = REACH[form];

  test(`the ${spec.row} form works without scripts, and keeps what was typed out of every address`, async ({
    page,
    request,
  }) => {
    const tag = `noscript-${form.toLowerCase()}-${Date.now().toString(36)}-${test.info().workerIndex}`;
    const expected = specSubmission(spec, tag);
    // Spec §3: forms launched from the scorecard pages carry scorecardForm.
    if (!reach.page.startsWith('/scorecard')) delete expected.scorecardForm;
    const addresses = recordAddresses(page);
    const htmlForm = await reachForm(page, reach);

    for (const [name, value] of Object.entries(expected)) {
      const type = spec.fields[name];
      if (type === 'boolean') await htmlForm.locator(`[name="${name}"]`).setChecked(value === true);
      else if ((type === 'text' || type === 'email') && spec.fixed?.[name] === undefined)
        await htmlForm.locator(`[name="${name}"]`).fill(String(value));
    }
    if (spec.fields.files === 'files') await htmlForm.locator('[name="files"]').setInputFiles(UPLOAD);

    const downloaded = form === 'download' ? page.waitForEvent('download') : null;
    await htmlForm.getByRole('button', { name: reach.submit, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/forms/${form}/sent(\\?back=|$)`));
    await expect(page.getByRole('status').filter({ hasText: reach.thanks })).toBeVisible();
    if (downloaded) expect((await downloaded).suggestedFilename()).toBe(ZIP_NAME);
    await expect(page.getByRole('link', { name: /Back to the page you came from|Go to the home page/ })).toBeVisible();

    for (const value of [expected.email, expected.firstName, expected.lastName]) {
      expect(addresses.filter((address) => address.includes(String(value)))).toEqual([]);
    }
    const kind = /^\/api\/submit-([a-z]+)-form$/.exec(spec.path)![1]!;
    const stored = (await exportedSubmissions(request, kind)).filter((entry) => entry.fields.email === expected.email);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.variant).toBe(form);
    expect(stored[0]!.fields).toEqual(expected);
    if (spec.fields.files === 'files') expect(stored[0]!.files.map((file) => file.name)).toEqual([UPLOAD.name]);
  });
}

test('a form the server turns back comes back as typed, with what needs attention, and runs no script', async ({
  page,
}) => {
  const htmlForm = await reachForm(page, REACH.contact);
  // Spaces pass the browser's "required"; the server wants something visible.
  await htmlForm.getByLabel('First name').fill('   ');
  await htmlForm.getByLabel('Last name').fill('Lovelace');
  await htmlForm.getByLabel('Email').fill('ada.turned.back@example.org');
  await htmlForm.getByLabel('Zip / postal code').fill('94110');
  await htmlForm.getByLabel('Message').fill('Two lines\nof message');
  await htmlForm.getByLabel('Partner with us').check();
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await htmlForm.getByRole('button', { name: 'Send Message', exact: true }).click();
  expect((await answer).status()).toBe(400);

  await expect(page).toHaveTitle(/^Error: Contact Us/);
  // The address is the form's page, nothing typed in it; the page knows the way back.
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/forms/contact');
  await expect(page.getByRole('alert')).toHaveText(FIELDS_NEED_ATTENTION);
  const returned = page.locator('main form[method="post"]');
  await expect(returned).toHaveAttribute('action', '/forms/contact?back=%2Fcontact-us');
  const firstName = returned.getByLabel('First name');
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${await firstName.getAttribute('aria-describedby')}`)).toHaveText(
    'First name is required.',
  );
  await expect(returned.getByLabel('Last name')).toHaveValue('Lovelace');
  await expect(returned.getByLabel('Email')).toHaveValue('ada.turned.back@example.org');
  await expect(returned.getByLabel('Message')).toHaveValue('Two lines\nof message');
  await expect(returned.getByLabel('Partner with us')).toBeChecked();
  await expect(returned.getByLabel('Become a sponsor')).not.toBeChecked();
  expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);

  // Put right and sent again from the page it came back on: stored, and the thanks lead back.
  await firstName.fill('Ada');
  await returned.getByRole('button', { name: 'Send Message', exact: true }).click();
  await expect(page).toHaveURL(/\/forms\/contact\/sent\?back=%2Fcontact-us$/);
  await page.getByRole('link', { name: 'Back to the page you came from' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
});

test('a form page carries the site policy and no script, and an unknown form is not found', async ({ page }) => {
  const response = await page.goto('/forms/download?scorecard=true');
  expect(response!.status()).toBe(200);
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(response!.headers()['cache-control']).toBe('no-store');
  expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
  await expect(page.locator('input[type="hidden"][name="scorecardForm"]')).toHaveValue('true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Download the Scorecard');
  expect((await page.goto('/forms/newsletter'))!.status()).toBe(404);
});

test('a post from another site, or far too large, is answered with a page and stores nothing', async ({ request }) => {
  const person = 'firstName=Ada&lastName=Lovelace&email=ada.elsewhere%40example.org&zipCode=94110';
  const post = (body: string, site: string) =>
    request.post('/forms/contact', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': site },
      data: body,
    });
  const crossSite = await post(person, 'cross-site');
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.text()).toContain('Forms are accepted only from the site itself.');
  const huge = await post(`${person}&message=${'x'.repeat(1_200_000)}`, 'same-origin');
  expect(huge.status()).toBe(413);
  expect(await huge.text()).toContain('The form is too large to be sent.');
  const stored = await exportedSubmissions(request, 'contact');
  expect(stored.filter((entry) => entry.fields.email === 'ada.elsewhere@example.org')).toEqual([]);
});
