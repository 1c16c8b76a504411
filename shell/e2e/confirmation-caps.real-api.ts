import { expect, test } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';
import { E2E_NOTIFY_TO, mailTo } from '../../test-support/e2e/mail';

// Issue 38, item 5, against the real API and the real SMTP test server (playwright.real-api.config.ts,
// where CONFIRMATIONS_PER_IP_HOUR is the product's 3): one client sends 25 subscribe forms for 25
// addresses in Chromium; every form is answered and stored (the team is notified of each), and at
// most three of the addresses receive a confirmation.
const CAP = 3;
const FORMS = 25;
const HOUR_MS = 60 * 60 * 1000;
/** Longer than a run of this test takes on a loaded CI machine (35 s seen). */
const RUN_WITHIN_MS = 5 * 60 * 1000;

test('25 subscribe forms for 25 addresses from one client: all stored, at most the cap confirmed', async ({
  page,
}, testInfo) => {
  // The caps count in fixed hour windows (on MongoDB aligned to the clock, so replicas agree): forms
  // sent across the end of an hour meet two windows' caps (a CI run at 11:59 got 6 confirmations).
  // Close to that end, the test starts in the next window instead.
  const toNextHour = HOUR_MS - (Date.now() % HOUR_MS);
  const wait = toNextHour < RUN_WITHIN_MS ? toNextHour + 1_000 : 0;
  test.setTimeout(240_000 + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
  // A client address of this project's own, and of this attempt's (the edge appends, the API trusts
  // the loopback chain), so the node and nginx projects, which share one API, and a retry each start
  // from an unused cap.
  const client = `203.0.113.${61 + (testInfo.project.name.endsWith('nginx') ? 1 : 0) + 2 * testInfo.retry}`;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': client });
  const run = `${testInfo.project.name}.${Date.now().toString(36)}`;
  const emails = Array.from({ length: FORMS }, (_, i) => `stranger${i}.${run}@example.org`);

  await page.goto('/dev/forms');
  await waitForHydration(page);
  for (const email of emails) {
    await page.getByRole('button', { name: 'Open the Subscribe (pop-up) form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe for Updates' });
    await dialog.getByLabel('First name').fill('Pat');
    await dialog.getByLabel('Last name').fill('Doe');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Zip / postal code').fill('95814');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    // The visitor sees the usual thanks every time: the cap is not revealed.
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/Thank you for subscribing!/)).toBeVisible();
  }

  // Every submission was stored: the team's notification of each arrives.
  await expect
    .poll(
      async () => {
        const notified = (await mailTo(page.request, E2E_NOTIFY_TO)).map((mail) => mail.text ?? '');
        return emails.filter((email) => notified.some((text) => text.includes(email))).length;
      },
      { timeout: 60_000 },
    )
    .toBe(FORMS);
  // A marker from another client, queued after every confirmation the flood could have queued (each
  // was due at once and the worker is nudged per entry): once the marker's has arrived, the worker has
  // had all of them, so the count below is final rather than a snapshot.
  const marker = `marker.${run}@example.org`;
  const sent = await page.request.post('/api/submit-subscribe-form', {
    headers: { 'X-Forwarded-For': client.replace(/\.6(\d)$/, '.7$1') },
    data: { firstName: 'Mark', lastName: 'Er', email: marker, zipCode: '95814' },
  });
  expect(sent.status()).toBe(200);
  const isConfirmation = (subject: string | undefined) => /Please confirm/.test(subject ?? '');
  await expect
    .poll(async () => (await mailTo(page.request, marker)).filter((mail) => isConfirmation(mail.subject)).length, {
      timeout: 60_000,
    })
    .toBe(1);
  let confirmed = 0;
  for (const email of emails) {
    confirmed += (await mailTo(page.request, email)).filter((mail) => isConfirmation(mail.subject)).length;
  }
  expect(confirmed).toBe(CAP);
});
