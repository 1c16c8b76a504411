import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import type { ReceivedMail } from '../../test-support/smtp/server';
import { waitForHydration } from '../../test-support/e2e/hydration';
import { E2E_NOTIFY_TO, E2E_NOTIFY_TO_SPONSOR, mailTo } from '../../test-support/e2e/mail';
import { E2E_SITE_ORIGIN } from '../../test-support/spec/public-web';

/**
 * A visitor sends a form on the site; the team's email arrives at the real SMTP server that
 * playwright.config.ts starts (test-support/smtp), at the address configured for the form's kind.
 */

/** The one message to `address` whose subject contains `tag`, once it has arrived. */
async function mailWith(request: APIRequestContext, address: string, tag: string): Promise<ReceivedMail> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailTo(request, address)).filter((mail) => mail.subject?.includes(tag));
        return found.length;
      },
      { timeout: 20_000, message: `an email to ${address} about ${tag}` },
    )
    .toBe(1);
  return found[0]!;
}

/** Fills a field found by the label the visitor reads, and returns that label for the email check. */
async function fill(dialog: Locator, label: string, value: string): Promise<[string, string]> {
  // Required fields announce themselves as "<label> (required)".
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}( \\(required\\))?$`);
  await dialog.getByRole('textbox', { name }).fill(value);
  return [label, value];
}

test('a sponsorship request reaches the sponsorship address with every field, the page and a console link', async ({
  page,
  request,
}) => {
  const tag = `Sponsor${Date.now().toString(36)}${test.info().workerIndex}`;
  await page.goto('/sponsors');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Become a Sponsor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Become a Sponsor' });
  await expect(dialog).toBeVisible();

  const filled = [
    await fill(dialog, 'First name', 'Rosa'),
    await fill(dialog, 'Last name', tag),
    await fill(dialog, 'Email', 'rosa.alvarez@example.org'),
    await fill(dialog, 'Organization', 'Cedar Ridge <Fire> & Rescue'),
    await fill(dialog, 'Role', 'Board member'),
    await fill(dialog, 'Zip / postal code', '95959'),
  ];
  await dialog.getByLabel('Message').fill('We would like to fund two pilots.\nCan we talk next week?');
  const meeting = 'I would like to schedule a meeting';
  await dialog.getByLabel(meeting).check();

  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().includes('/api/submit-sponsor-form')),
    dialog.getByRole('button', { name: 'Send Request', exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);

  const mail = await mailWith(request, E2E_NOTIFY_TO_SPONSOR, tag);
  expect(mail.envelope.to).toEqual([E2E_NOTIFY_TO_SPONSOR]);
  expect(mail.replyTo).toEqual(['rosa.alvarez@example.org']);
  expect(mail.subject).toBe(`Become a Sponsor: Rosa ${tag} (Cedar Ridge <Fire> & Rescue)`);
  expect(mail.messageId?.endsWith(`@${new URL(E2E_SITE_ORIGIN).hostname}>`)).toBe(true);
  for (const [label, value] of filled) expect(mail.text).toContain(`${label}: ${value}`);
  expect(mail.text).toContain('Message:\n    We would like to fund two pilots.\n    Can we talk next week?');
  expect(mail.text).toContain(`${meeting}: Yes`);
  // Links name the public origin (SITE_ORIGIN), not the address the test reaches the site on.
  expect(mail.text).toContain(`Page: ${E2E_SITE_ORIGIN}/sponsors`);
  expect(mail.text).toMatch(new RegExp(`Open it in the team console: ${E2E_SITE_ORIGIN}/team/submissions/\\S+`));
  // The HTML body shows the same, escaped.
  expect(mail.html).toContain('Cedar Ridge &lt;Fire&gt; &amp; Rescue');
  expect(mail.html).not.toContain('<Fire>');
  expect(mail.attachments).toBe(0);
  // The sponsorship address alone: the default address gets nothing about it.
  expect((await mailTo(request, E2E_NOTIFY_TO)).filter((other) => other.subject?.includes(tag))).toEqual([]);
});

test('feedback with uploaded files reaches the team address, the files named with their size, not attached', async ({
  page,
  request,
}) => {
  const tag = `Feedback${Date.now().toString(36)}${test.info().workerIndex}`;
  await page.goto('/scorecard/participation');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Feedback', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Feedback & Upload Your Scorecard' });
  await expect(dialog).toBeVisible();
  await fill(dialog, 'First name', 'Kofi');
  await fill(dialog, 'Last name', tag);
  await fill(dialog, 'Email', 'kofi@example.org');
  await fill(dialog, 'Zip / postal code', '80302');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
  await dialog
    .locator('[name="files"]')
    .setInputFiles([{ name: 'pilot-results.pdf', mimeType: 'application/pdf', buffer: pdf }]);
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().includes('/api/submit-feedback-form')),
    dialog.getByRole('button', { name: 'Send Feedback', exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);

  const mail = await mailWith(request, E2E_NOTIFY_TO, tag);
  expect(mail.envelope.to).toEqual([E2E_NOTIFY_TO]);
  expect(mail.subject).toBe(`Share Feedback & Upload Your Scorecard: Kofi ${tag}`);
  expect(mail.text).toContain(`- pilot-results.pdf, ${pdf.length} bytes`);
  expect(mail.html).toContain(`pilot-results.pdf, ${pdf.length} bytes`);
  expect(mail.text).toContain('Page: scorecard-participation');
  expect(mail.attachments).toBe(0);
});
