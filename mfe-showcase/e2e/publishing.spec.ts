import { expect, test } from '@playwright/test';
import {
  publishedContent,
  publishEntry,
  unpublishEntry,
  rawHtmlWhen,
  structuredData,
  withoutScripts,
} from '../../test-support/e2e/content';
import { waitForHydration } from '../../test-support/e2e/hydration';
import type { PublishedEntry } from '@wpc/shared/content-contract';

// Issue 28 through both edges (after every other test): the showcase partner edits a presenter
// and announces a showcase; the raw HTML and the Event structured data follow (how fast: bench:publish).
test.describe.configure({ mode: 'serial' });

const UPDATE_ID = 'session-2025-07-16-consortium-update';

test('a presenter edited by the partner is in the raw HTML, and hydrates', async ({ page, request }, testInfo) => {
  const content = await publishedContent(request, 'showcase');
  const original = content.entries.find((entry) => entry.id === UPDATE_ID) as PublishedEntry;
  expect(original).toBeTruthy();
  const presenters = original.data.presenters as { name: string; role: string }[];
  const role = `Partnerships Lead ${testInfo.project.name}`;
  try {
    await publishEntry(request, 'showcase', {
      ...original,
      updatedAt: undefined,
      data: { ...original.data, presenters: [{ ...presenters[0]!, role }, ...presenters.slice(1)] },
    });
    // Not in the data island alone: in the latest showcase's tab, as the server rendered it.
    const { milliseconds } = await rawHtmlWhen(request, '/showcase/presentations', (html) =>
      withoutScripts(html).includes(role),
    );
    testInfo.annotations.push({ type: 'publish-to-live', description: `${milliseconds} ms` });

    await page.goto('/showcase/presentations');
    await waitForHydration(page);
    await expect(page.getByRole('tabpanel').getByText(`${role}, Wildfire Prevention Consortium`)).toBeVisible();
  } finally {
    await publishEntry(request, 'showcase', original);
  }
});

test('a showcase announced is an Event in both showcase pages’ structured data', async ({ request }, testInfo) => {
  const id = `showcase-e2e-${testInfo.project.name}`;
  // The newest showcase is the archive's first tab: taken down again at the end.
  try {
    await announce();
  } finally {
    await unpublishEntry(request, 'showcase', id);
  }

  async function announce() {
    await publishEntry(request, 'showcase', {
      type: 'showcase',
      id,
      slug: id,
      data: {
        title: 'Autumn 2027 Wildfire Innovation Showcase',
        date: '2027-10-13',
        startsAt: { at: '2027-10-13T12:00:00-07:00', timeZone: 'America/Los_Angeles' },
      },
    });
    for (const path of ['/showcase/innovations', '/showcase/presentations']) {
      const { html } = await rawHtmlWhen(request, path, (text) =>
        text.includes('Autumn 2027 Wildfire Innovation Showcase'),
      );
      expect(
        structuredData(html).find((data) => data.name === 'Autumn 2027 Wildfire Innovation Showcase'),
      ).toMatchObject({
        '@type': 'Event',
        startDate: '2027-10-13T12:00:00-07:00',
      });
    }
  }
});
