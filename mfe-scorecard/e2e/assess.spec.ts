import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { parseCsv } from '../../test-support/csv';
import { waitForHydration } from '../../test-support/e2e/hydration';

const ASSESS = '/scorecard/assess';

/** The 40 question ids, essential by essential (issue: four questions for each of ten essentials). */
const QUESTION_IDS = Array.from({ length: 10 }, (_, essential) =>
  ['a', 'b', 'c', 'd'].map((letter) => `${essential + 1}${letter}`),
).flat();

/**
 * A complete assessment: every question 2, except essential 1 (3, 5, 4, 4). By the scoring the
 * page explains (answered points over their maximum): essential 1 = 16/20 = 80 %, every other
 * essential 8/20 = 40 %, overall 88/200 = 44 %.
 */
const COMPLETE: Record<string, number> = {
  ...Object.fromEntries(QUESTION_IDS.map((id) => [id, 2])),
  '1a': 3,
  '1b': 5,
  '1c': 4,
  '1d': 4,
};

function saveFile(answers: Record<string, number>, changes: Record<string, unknown> = {}): string {
  return JSON.stringify({
    format: 'wpc-wildfire-scorecard-self-assessment',
    version: 1,
    scorecardVersion: '02-20-24',
    savedAt: '2026-03-11T17:05:00.000Z',
    step: 0,
    updatedAt: '2026-03-11T17:00:00.000Z',
    sharedAt: null,
    answers,
    notes: { '1a': 'The fire chief chairs it; it met twice this year.' },
    ...changes,
  });
}

function question(page: Page, id: string): Locator {
  return page.getByRole('group', { name: new RegExp(`^${id} `) });
}

async function answer(page: Page, id: string, score: number) {
  await question(page, id)
    .getByRole('radio', { name: new RegExp(`^${score} `) })
    .check();
}

async function loadFile(page: Page, text: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Load from a file' }).click();
  await (await chooser).setFiles({ name: 'assessment.json', mimeType: 'application/json', buffer: Buffer.from(text) });
}

async function openResults(page: Page) {
  await page.getByRole('button', { name: 'See results' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your results' })).toBeFocused();
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
  ).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.goto(ASSESS);
  await expect(page.getByRole('heading', { level: 1, name: /Assess your community/ })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Essential 1: Organise for disaster resilience' }),
  ).toBeVisible();
  // The assessment is prerendered: its buttons work only once React has hydrated them.
  await waitForHydration(page);
});

test('answers are kept as the visitor goes: a reload resumes at the same essential with every answer and note', async ({
  page,
}) => {
  await answer(page, '1a', 3);
  await answer(page, '1b', 1);
  await page.getByLabel('Note or evidence (optional) for question 1a').fill('The fire chief chairs it.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Essential 2:/ })).toBeFocused();
  await expect(page.getByText('Essential 2 of 10')).toBeVisible();
  await answer(page, '2a', 4);
  await expect(page.getByText('3 of 40 questions answered')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Essential 2 of 10')).toBeVisible();
  await expect(page.getByText('3 of 40 questions answered')).toBeVisible();
  await expect(question(page, '2a').getByRole('radio', { name: /^4 / })).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(question(page, '1a').getByRole('radio', { name: /^3 / })).toBeChecked();
  await expect(question(page, '1b').getByRole('radio', { name: /^1 / })).toBeChecked();
  await expect(page.getByLabel('Note or evidence (optional) for question 1a')).toHaveValue('The fire chief chairs it.');
});

test('works by keyboard: arrow keys pick a score, the jump list moves between essentials', async ({ page }) => {
  await question(page, '1a').getByRole('radio', { name: /^0 / }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(question(page, '1a').getByRole('radio', { name: /^2 / })).toBeChecked();
  await expect(question(page, '1a').getByRole('radio', { name: /^2 / })).toBeFocused();

  const jumpList = page.getByRole('navigation', { name: 'The ten essentials' });
  await jumpList.getByRole('button', { name: /Natural buffers/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /^Essential 5:/ })).toBeFocused();
  await expect(jumpList.getByRole('button', { name: /Natural buffers/ })).toHaveAttribute('aria-current', 'step');
  await expect(jumpList.getByRole('button', { name: /Organise/ })).toContainText('1/4');
});

test('Start over asks first, and clears everything only when confirmed', async ({ page }) => {
  await answer(page, '1a', 5);
  await page.getByRole('button', { name: 'Start over' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start over?' });
  await expect(dialog).toContainText('This clears all 1 answer');
  await dialog.getByRole('button', { name: 'Keep my answers' }).click();
  await expect(dialog).toBeHidden();
  await expect(question(page, '1a').getByRole('radio', { name: /^5 / })).toBeChecked();

  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('dialog', { name: 'Start over?' }).getByRole('button', { name: 'Clear all answers' }).click();
  await expect(page.getByText('0 of 40 questions answered')).toBeVisible();
  await page.reload();
  await expect(page.getByText('0 of 40 questions answered')).toBeVisible();
  await expect(question(page, '1a').getByRole('radio', { name: /^5 / })).not.toBeChecked();
});

test('results: a score per essential and overall, the chart with its data table, weakest essentials and open questions', async ({
  page,
}) => {
  const { '7c': _open, ...answers } = COMPLETE;
  await loadFile(page, saveFile(answers));
  await expect(
    page.getByRole('status').filter({ hasText: 'Loaded 39 answers from the file saved on 11 March 2026.' }),
  ).toBeVisible();
  await openResults(page);

  // 86 points of the 195 the 39 answered questions could score.
  await expect(page.getByText(/Overall score\s*44\.1%, from 39 of 40 questions answered/)).toBeVisible();
  const chart = page.getByRole('img', { name: /Radar chart of your score for each of the ten essentials/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('polygon')).toHaveCount(6); // five rings and the community's scores
  const table = page.getByRole('table', { name: /Score by essential/ });
  await expect(table.getByRole('row', { name: /^1\. Organise/ })).toContainText('80%');
  await expect(table.getByRole('row', { name: /^2\. Risk scenarios/ })).toContainText('40%');
  // Essential 7 has three answers of 2: 6 of 15.
  await expect(table.getByRole('row', { name: /^7\. Societal capacity/ })).toContainText('40%3 of 4');
  await expect(table.getByRole('row', { name: /^Overall/ })).toContainText('44.1%39 of 40');

  const weakest = page.getByRole('region', { name: /Where to start: your 3 weakest essentials/ });
  await expect(weakest.getByRole('heading', { level: 4 })).toHaveText([
    /^Essential 2, Identify, understand and use current and future risk scenarios: 40%$/,
    /^Essential 3, Strengthen financial capacity for resilience: 40%$/,
    /^Essential 4, Pursue resilient urban development and design: 40%$/,
  ]);
  await expect(weakest).toContainText('Wildfire hazard map (question 2a, scored 2)');

  const open = page.getByRole('region', { name: 'Questions still to answer (1)' });
  await open.getByRole('link', { name: '7c: Neighbourhood wildfire groups' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Essential 7:/ })).toBeVisible();
  await expect(question(page, '7c').getByRole('radio', { name: /^0 / })).toBeFocused();
});

test('CSV and Excel downloads open with the right scores; the spreadsheet library loads only on request', async ({
  page,
}) => {
  const spreadsheetScripts: string[] = [];
  page.on('request', (request) => {
    if (/xlsx-writer/.test(request.url())) spreadsheetScripts.push(request.url());
  });
  await loadFile(page, saveFile(COMPLETE));
  await openResults(page);

  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(/^wildfire-scorecard-self-assessment-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(await readFile(await csvDownload.path(), 'utf8'));
  expect(rows[0]!.slice(0, 6)).toEqual([
    'Essential',
    'Essential title',
    'Question',
    'Topic',
    'Question text',
    'Score (0-5)',
  ]);
  expect(rows.find((row) => row[2] === '1a')![5]).toBe('3');
  expect(rows.find((row) => row[2] === '1a')![7]).toBe('The fire chief chairs it; it met twice this year.');
  expect(rows.find((row) => row[0] === '1' && row[2] === '4')![4]).toBe('80');
  expect(rows.find((row) => row[0] === 'Overall')![4]).toBe('44');

  expect(spreadsheetScripts).toEqual([]);
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Excel workbook (.xlsx)' }).click(),
  ]);
  expect(spreadsheetScripts).toHaveLength(1);
  expect(xlsxDownload.suggestedFilename()).toMatch(/^wildfire-scorecard-self-assessment-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheets = await readXlsxFile(await readFile(await xlsxDownload.path()));
  expect(sheets.map((sheet) => sheet.sheet)).toEqual(['Summary', 'Answers']);
  const answers = sheets[1]!.data;
  expect(answers.find((row) => row[2] === '1a')![5]).toBe(3);
  expect(answers.find((row) => row[2] === '10d')![5]).toBe(2);
  const summary = sheets[0]!.data;
  expect(summary.find((row) => row[0] === '1')![4]).toBe(80);
  expect(summary.find((row) => row[0] === 'Overall')![4]).toBe(44);
});

test('Save progress to a file writes a file that loads back; wrong and tampered files are refused with reasons', async ({
  page,
}) => {
  await answer(page, '1a', 4);
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save progress to a file' }).click(),
  ]);
  const text = await readFile(await saved.path(), 'utf8');
  expect(JSON.parse(text)).toMatchObject({ version: 1, scorecardVersion: '02-20-24', answers: { '1a': 4 } });

  const refusal = page.getByRole('alert').filter({ hasText: /nothing was loaded/ });
  await loadFile(page, saveFile(COMPLETE, { version: 2 }));
  await expect(refusal).toContainText('This file was saved in format version 2 of the self-assessment');
  await loadFile(page, saveFile({ ...COMPLETE, '1a': 9, '12a': 1 }));
  await expect(refusal).toContainText(
    'This file has been changed since it was saved, or is damaged, so nothing was loaded',
  );
  await expect(refusal).toContainText('Question 1a has the score 9; scores are whole numbers from 0 to 5.');
  await expect(refusal).toContainText('There is an answer to question “12a”, which the scorecard does not have.');
  await expect(question(page, '1a').getByRole('radio', { name: /^4 / })).toBeChecked();

  // A valid file replaces existing answers only after the visitor agrees.
  await loadFile(page, text.replace('"1a": 4', '"1a": 1'));
  const dialog = page.getByRole('dialog', { name: 'Replace your answers?' });
  await dialog.getByRole('button', { name: 'Replace my answers' }).click();
  await expect(question(page, '1a').getByRole('radio', { name: /^1 / })).toBeChecked();
});

test('sharing is opt-in: consent is required, and only the community type, country, zip and 40 scores are sent', async ({
  page,
}) => {
  await loadFile(page, saveFile(COMPLETE));
  await openResults(page);
  const share = page.getByRole('region', { name: 'Share anonymised results with the consortium' });
  await share.getByLabel('Kind of community').selectOption({ label: 'Rural community or village' });
  await share.getByLabel('Country').selectOption({ label: 'Canada' });
  await share.getByLabel('Zip / postal code (optional)').fill('V0N 1B4');

  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/submit-assessment')) sent.push(request.url());
  });
  await share.getByRole('button', { name: 'Share anonymised results' }).click();
  await expect(share.getByText('Tick the box to agree to share your anonymised results.')).toBeVisible();
  expect(sent).toEqual([]);

  await share.getByRole('checkbox', { name: /I agree to share these anonymised results/ }).check();
  // The first attempt fails; sending the same results again reuses its Idempotency-Key.
  const keys: string[] = [];
  await page.route('**/api/submit-assessment', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) await route.fulfill({ status: 500, json: { error: 'Something went wrong on our side.' } });
    else await route.continue();
  });
  await share.getByRole('button', { name: 'Share anonymised results' }).click();
  await expect(share.getByText('Something went wrong on our side.')).toBeVisible();
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().endsWith('/api/submit-assessment')),
    share.getByRole('button', { name: 'Share anonymised results' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(keys[1]).toBe(keys[0]);
  const body = response.request().postDataJSON() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['communityType', 'consent', 'country', 'scores', 'zip']);
  expect(body).toMatchObject({
    communityType: 'rural',
    country: 'CA',
    zip: 'V0N 1B4',
    consent: true,
    scores: COMPLETE,
  });
  await expect(share.getByRole('status')).toContainText(/Thank you! You shared these results on/);
  await expect(share.getByRole('status')).toBeFocused();
});

test('before five communities share, the page says comparison opens later', async ({ page }) => {
  await page.route('**/api/assessment-benchmarks', (route) =>
    route.fulfill({
      json: {
        available: false,
        count: 3,
        minimum: 5,
        message: 'Comparison opens once 5 communities have shared their results; 3 have so far.',
      },
    }),
  );
  await loadFile(page, saveFile(COMPLETE));
  await openResults(page);
  await expect(
    page.getByText(
      'Comparison with other communities opens once 5 communities have shared their results; 3 have so far.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Median of shared results' })).toHaveCount(0);
});

test('once the comparison is open, each score sits beside the median of shared results, in the table and the chart', async ({
  page,
}) => {
  test.slow(); // axe analyses the whole page
  const quartile = (median: number) => ({ q1: median - 10, median, q3: median + 10 });
  await page.route('**/api/assessment-benchmarks', (route) =>
    route.fulfill({
      json: {
        available: true,
        count: 7,
        minimum: 5,
        computedAt: '2026-03-11T17:00:00.000Z',
        essentials: Array.from({ length: 10 }, (_, index) => ({
          essential: `essential-${index + 1}`,
          number: index + 1,
          ...quartile(50 + index),
        })),
        overall: quartile(55),
      },
    }),
  );
  await loadFile(page, saveFile(COMPLETE));
  await openResults(page);
  const table = page.getByRole('table', { name: /beside the median of the 7 communities that shared/ });
  await expect(table.getByRole('columnheader', { name: 'Median of shared results' })).toBeVisible();
  await expect(table.getByRole('row', { name: /^1\. Organise/ })).toContainText('80%4 of 450%middle half 40–60%');
  await expect(table.getByRole('row', { name: /^Overall/ })).toContainText('55%');
  await expect(page.getByRole('img', { name: /Radar chart/ }).locator('polygon')).toHaveCount(7);
  await expectNoAxeViolations(page);
});

test('axe finds no violations on the assessment and on the results', async ({ page }) => {
  test.slow(); // axe analyses the whole page, twice
  await answer(page, '1a', 3);
  await expectNoAxeViolations(page);
  await loadFile(page, saveFile({ ...COMPLETE, '9b': undefined as unknown as number }));
  await page
    .getByRole('dialog', { name: 'Replace your answers?' })
    .getByRole('button', { name: 'Replace my answers' })
    .click();
  await openResults(page);
  await expectNoAxeViolations(page);
});

test('at 375px wide nothing scrolls sideways, and the printed report keeps the chart and drops the site around it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const noSidewaysScroll = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await noSidewaysScroll();
  await loadFile(page, saveFile(COMPLETE));
  await openResults(page);
  await noSidewaysScroll();

  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#site-header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
  await expect(page.getByRole('img', { name: /Radar chart/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your answers' })).toBeVisible();
});
