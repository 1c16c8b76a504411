import { expect, test, type APIRequestContext } from '@playwright/test';
import { waitForHydration } from '../../test-support/e2e/hydration';
import { confirmedSubscriber, e2eImpactAdminEmail, mailTo } from '../../test-support/e2e/mail';
import { axeViolations, browserPost, csrfOf, onTestOrigin, signInToConsole } from '../../test-support/e2e/team';
import { E2E_SITE_ORIGIN } from '../../test-support/spec/public-web';

// Issue 40, "Done when", against the built site, the real API (embedded store, or FerretDB when
// MONGODB_URI is set) and the real SMTP test server, through each edge: visits with and without
// JavaScript, an update's link followed, the zip downloaded, download forms sent from zip codes in
// five counties, a subscription confirmed; then the Impact page shows those counts, its reach map
// shades exactly the county that reached 5, a GPC visit adds no unique visitor, a bot adds nothing.

/** The scorecard's zip (spec: "version dated 02-20-24"), served as a static asset under /assets/content/. */
const SCORECARD_ZIP = '/assets/content/community-wildfire-resilience-scorecard-02-20-24.zip';
/** Five zip codes of Teton County, Wyoming (FIPS 56039), and one each of four other counties. */
const TETON = ['83001', '83002', '83011', '83012', '83014'];
const ONE_EACH = ['85936', '89008', '84023', '81235'];
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** A browser's user agent, one per visitor of the run (Playwright's own names a headless browser: a bot). */
const browserAgent = (who: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Visitor/${who}`;

interface Figure {
  readonly current: number;
  readonly previous: number;
}
interface Report {
  readonly totals: { views: Figure; visitors: Figure; outcomes: Record<string, Figure> };
  readonly topPages: readonly { route: string; current: number }[];
  readonly updates: readonly { campaign: string; visits: Figure }[];
  readonly reach: readonly { kind: string; regions: { level: string; code: string; count: number }[] }[];
}

async function report(request: APIRequestContext): Promise<Report> {
  const answer = await request.get('/api/team/impact?period=7d');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Report;
}

const outcome = (r: Report, name: string) => r.totals.outcomes[name]?.current ?? 0;
const pageViews = (r: Report, route: string) => r.topPages.find((row) => row.route === route)?.current ?? 0;
const counties = (r: Report) =>
  (r.reach.find((entry) => entry.kind === 'download')?.regions ?? []).filter((region) => region.level === 'county');

/** The report once no count is still on its way (the sign-in's own pages, say): two reads alike. */
async function settled(request: APIRequestContext): Promise<Report> {
  let latest = await report(request);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const next = await report(request);
    if (next.totals.views.current === latest.totals.views.current) return next;
    latest = next;
  }
}

/**
 * The report once `added` views and unique visitors have landed since `since`, and no count is
 * still on its way. A view is counted at once, its visitor once the store has said whether the day
 * saw it before: the two can land in different flushes, so both are waited for.
 */
async function settledWith(
  request: APIRequestContext,
  since: Report,
  added: { readonly views: number; readonly visitors: number },
): Promise<Report> {
  await settledAt(request, since.totals.views.current + added.views);
  await expect
    .poll(async () => (await report(request)).totals.visitors.current - since.totals.visitors.current, {
      timeout: 60_000,
    })
    .toBeGreaterThanOrEqual(added.visitors);
  return settled(request);
}

/** Waits until the report's page views reach `views` (counts land within about a second). */
async function settledAt(request: APIRequestContext, views: number): Promise<Report> {
  let latest = await report(request);
  await expect
    .poll(async () => (latest = await report(request)).totals.views.current, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(views);
  return latest;
}

test('the Impact page shows what visitors did, and where the scorecard reaches, without counting anyone twice', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const run = `${project}-${Date.now().toString(36)}`;
  const nginx = project.endsWith('nginx');
  // Each visitor from an address of its own, as on the web (the edge forwards it; the API believes
  // its loopback proxies): the API limits what one address adds, and every test's browser is here.
  const from = (visitor: number) => ({ 'X-Forwarded-For': `198.51.100.${(nginx ? 20 : 10) + visitor}` });
  await signInToConsole(page, e2eImpactAdminEmail(project), baseURL);
  const before = await settled(page.request);
  const tetonBefore = counties(before).find((county) => county.code === '56039')?.count ?? 0;

  // 1. Visits: with JavaScript (the page, then a navigation inside the site, counted by the beacon)...
  const withScripts = await browser.newContext({
    userAgent: browserAgent(`scripts-${run}`),
    extraHTTPHeaders: from(1),
  });
  const visitor = await withScripts.newPage();
  await visitor.goto('/scorecard');
  await waitForHydration(visitor);
  const beacon = visitor.waitForRequest((request) => request.url().endsWith('/api/impact/beacon'));
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(visitor).toHaveURL(/\/about$/);
  expect((await (await beacon).response())?.status()).toBe(204);
  await withScripts.close();
  // ...and without.
  const withoutScripts = await browser.newContext({
    javaScriptEnabled: false,
    userAgent: browserAgent(`no-scripts-${run}`),
    extraHTTPHeaders: from(2),
  });
  const reader = await withoutScripts.newPage();
  await reader.goto('/sponsors');
  await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
  await withoutScripts.close();
  const visited = await settledWith(page.request, before, { views: 3, visitors: 2 });
  expect(visited.totals.views.current - before.totals.views.current).toBe(3);
  expect(visited.totals.visitors.current - before.totals.visitors.current).toBe(2);
  expect(pageViews(visited, '/about') - pageViews(before, '/about')).toBe(1);
  expect(pageViews(visited, '/sponsors') - pageViews(before, '/sponsors')).toBe(1);

  // 2. A subscription confirmed, an update sent to it, and a link of the update followed.
  const subscriber = `impact.${run}@example.org`;
  await confirmedSubscriber(page.request, subscriber, nginx ? '203.0.113.97' : '203.0.113.96');
  const csrf = await csrfOf(page);
  const created = await browserPost(page, '/api/team/updates', csrf, {
    subject: `Impact check ${run}`,
    body: `Read [the scorecard](${E2E_SITE_ORIGIN}/scorecard/instructions) before the pilots start.`,
    list: 'scorecard',
  });
  expect(created.status).toBe(201);
  const updateId = String(created.body.id);
  expect((await browserPost(page, `/api/team/updates/${updateId}/send`, csrf, {})).status).toBe(200);
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await mailTo(page.request, subscriber)).find((m) => m.subject === `Impact check ${run}`);
      link = /\((https?:\/\/\S+\/scorecard\/instructions\?\S+)\)/.exec(mail?.text ?? '')?.[1] ?? '';
      return link;
    })
    .not.toBe('');
  expect(new URL(link).searchParams.get('utm_campaign')).toBe(updateId);
  const follower = await browser.newContext({ userAgent: browserAgent(`follower-${run}`), extraHTTPHeaders: from(3) });
  await (await follower.newPage()).goto(onTestOrigin(link, baseURL));
  await follower.close();

  // 3. The zip downloaded once, and download forms sent from five counties: five from Teton County.
  const download = await page.request.get(SCORECARD_ZIP, {
    headers: { 'User-Agent': browserAgent(`saver-${run}`), ...from(4) },
  });
  expect(download.status()).toBe(200);
  for (const [index, zipCode] of [...TETON, ...ONE_EACH].entries()) {
    const sent = await page.request.post('/api/submit-download-form', {
      data: { firstName: 'Pat', lastName: `Planner ${index}`, email: `planner${index}.${run}@example.org`, zipCode },
    });
    expect(sent.status()).toBe(200);
  }

  // 4. A visitor who asks not to be tracked is a view and never a unique visitor; a bot is nothing.
  const quiet = { 'User-Agent': browserAgent(`gpc-${run}`), 'Sec-GPC': '1', Accept: 'text/html', ...from(5) };
  expect((await page.request.get('/scorecard/faq', { headers: quiet })).status()).toBe(200);
  expect(
    (
      await page.request.get('/scorecard/faq', {
        headers: { 'User-Agent': GOOGLEBOT, Accept: 'text/html', ...from(6) },
      })
    ).status(),
  ).toBe(200);

  // The follower's page, then the GPC one: two more views (the bot's would be a third).
  await settledWith(page.request, visited, { views: 2, visitors: 1 });
  await expect
    .poll(
      async () =>
        outcome(await report(page.request), 'subscription-confirmed') - outcome(before, 'subscription-confirmed'),
    )
    .toBe(1);
  const final = await report(page.request);
  expect(final.totals.views.current - visited.totals.views.current).toBe(2);
  // The follower is a new visitor; the GPC visitor is not counted as one.
  expect(final.totals.visitors.current - visited.totals.visitors.current).toBe(1);
  expect(outcome(final, 'scorecard-download') - outcome(before, 'scorecard-download')).toBe(1);
  expect(outcome(final, 'download-form-sent') - outcome(before, 'download-form-sent')).toBe(9);
  expect(outcome(final, 'update-visit') - outcome(before, 'update-visit')).toBe(1);
  expect(final.updates.find((row) => row.campaign === updateId)?.visits.current).toBe(1);
  // Reach: only Teton County holds 5 or more; the four counties of one form each are not shown.
  expect(counties(final)).toEqual([expect.objectContaining({ code: '56039', count: tetonBefore + 5 })]);

  // 5. The Impact page shows it: the totals, and the map of counties shading exactly one.
  await page.goto('/team/impact?period=7d');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Impact' })).toBeVisible();
  await page.getByLabel('Map by').selectOption('county');
  await expect(page.getByRole('img', { name: 'Map of US counties: 1 shaded for scorecard downloads.' })).toBeVisible();
  const reachTable = page.getByRole('table', { name: 'Reach: the numbers' });
  await expect(reachTable.getByRole('row', { name: /Teton, WY/ })).toContainText(String(tetonBefore + 5));
  for (const county of ['Apache, AZ', 'Lincoln, NV', 'Daggett, UT', 'Hinsdale, CO'])
    await expect(reachTable.getByRole('row', { name: new RegExp(county) })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
