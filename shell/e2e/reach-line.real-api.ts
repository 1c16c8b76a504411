import { expect, test, type Page } from '@playwright/test';
import type { EditorEntry } from '@wpc/shared/team/content-schemas';
import { rawHtmlWhen, withoutScripts } from '../../test-support/e2e/content';
import { e2eReachAdminEmail } from '../../test-support/e2e/mail';
import { waitForHydration } from '../../test-support/e2e/hydration';
import { axeViolations, browserPost, csrfOf, scrollsSideways, signInToConsole } from '../../test-support/e2e/team';

// Issue 40, item 4, against the built site and the real API, through each edge: download forms
// from five zip codes of one state make N one more; the staff switch the reach line on through the
// content API, as the console does; the raw HTML of /scorecard and of the Sponsors page's
// accomplishments (no script runs) then says "Downloaded by communities in N ...", the hydrated
// pages show it at 320 px, axe clean; once switched off, nothing.

/** Five zip codes of one state per edge, a state no other spec sends forms from. */
const ZIPS = {
  'real-api': ['05001', '05009', '05030', '05031', '05032'], // Vermont
  'real-api-nginx': ['59001', '59002', '59003', '59004', '59101'], // Montana
} as const;

/** The wording decided in api/src/impact/README.md: the sentence, singular for 1. */
const sentence = (regions: number) =>
  regions === 1
    ? 'Downloaded by communities in 1 state or province'
    : `Downloaded by communities in ${regions} states and provinces`;

async function reachRegions(page: Page): Promise<number> {
  const answer = await page.request.get('/api/impact/reach');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { regions: number }).regions;
}

/** Saves the area's reach line entry (created the first time) with `show`, and publishes it. */
async function switchReachLine(page: Page, csrf: string, area: 'scorecard' | 'home', show: boolean) {
  const list = (await (await page.request.get(`/api/team/content/${area}`)).json()) as {
    entries: { id: string; type: string; version: number }[];
  };
  const existing = list.entries.find((entry) => entry.type === 'reachLine');
  const draft = { slug: 'reach-line', data: { name: 'Reach line', show } };
  const saved = existing
    ? await browserPost(page, `/api/team/content/${area}/entries/${existing.id}`, csrf, {
        version: existing.version,
        ...draft,
      })
    : await browserPost(page, `/api/team/content/${area}/entries`, csrf, { type: 'reachLine', ...draft });
  expect(saved.status).toBe(existing ? 200 : 201);
  const entry = saved.body.entry as EditorEntry;
  const published = await browserPost(page, `/api/team/content/${area}/entries/${entry.id}/publish`, csrf, {
    version: entry.version,
  });
  expect(published.status).toBe(200);
}

/** The Sponsors page's accomplishments section, as served. */
const accomplishments = (html: string) =>
  /aria-labelledby="sponsors-accomplishments"[\s\S]*?<\/section>/.exec(withoutScripts(html))?.[0] ?? '';

test('the reach line, switched on, is in the raw HTML of /scorecard and the Sponsors page with N from 5 downloads in one state', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name as keyof typeof ZIPS;
  await signInToConsole(page, e2eReachAdminEmail(project), baseURL);
  const csrf = await csrfOf(page);
  const before = await reachRegions(page);

  for (const [index, zipCode] of ZIPS[project].entries()) {
    const sent = await page.request.post('/api/submit-download-form', {
      data: { firstName: 'Pat', lastName: `Reach ${index}`, email: `reach${index}.${project}@example.org`, zipCode },
    });
    expect(sent.status()).toBe(200);
  }
  // The counts land within about a second; the state now holds 5.
  await expect.poll(() => reachRegions(page), { timeout: 30_000 }).toBe(before + 1);
  const line = sentence(before + 1);
  testInfo.annotations.push({ type: 'reach-line', description: line });

  await switchReachLine(page, csrf, 'scorecard', true);
  await switchReachLine(page, csrf, 'home', true);
  // Live after the publish as any content is: the remote asks for N with each new revision.
  await rawHtmlWhen(page.request, '/scorecard', (html) => withoutScripts(html).includes(line));
  await rawHtmlWhen(page.request, '/sponsors', (html) => accomplishments(html).includes(line));
  // In the browser too, hydrated over the same text: readable at 320 px, axe clean.
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/scorecard', '/sponsors']) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.getByText(line, { exact: true })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  }

  await switchReachLine(page, csrf, 'scorecard', false);
  await switchReachLine(page, csrf, 'home', false);
  await rawHtmlWhen(page.request, '/scorecard', (html) => !html.includes('Downloaded by communities'));
  await rawHtmlWhen(page.request, '/sponsors', (html) => !html.includes('Downloaded by communities'));
});
