import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { FOCUS_ZOOM, TILE_LAYER } from '../src/map/settings';

// Spec §2 "Map page": initial zoom 3, or 5 from 2000px wide; minimum zoom = initial zoom;
// marker logos 1.5 + zoom/8 rem; height = viewport - 10rem. The root font size is 16px.
const REM = 16;
const markerSizePx = (zoom: number) => (1.5 + zoom / 8) * REM;

// The sample data (src/content/organisations.ts): 40 organisations, 3 with malformed latLong.
const PLOTTED_COUNT = 37;

// The tile service's host without its {s} subdomain, e.g. "basemaps.cartocdn.com".
const TILE_HOST = new URL(TILE_LAYER.url.replace('{s}', 'tiles')).hostname.replace(/^tiles\./, '');

/** Every request that leaves this machine is refused, as on a network that blocks the tile host. */
async function refuseOffSiteRequests(page: Page): Promise<Request[]> {
  const refused: Request[] = [];
  await page.route(
    (url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1',
    (route) => {
      refused.push(route.request());
      return route.abort('connectionrefused');
    },
  );
  return refused;
}

const mapRegion = (page: Page) => page.getByRole('region', { name: 'World map of showcase organisations' });
const markers = (page: Page) => mapRegion(page).locator('.leaflet-marker-icon');
const marker = (page: Page, name: string) => mapRegion(page).getByRole('button', { name, exact: true });
const zoomOf = async (page: Page) => Number(await mapRegion(page).getAttribute('data-zoom'));

async function openMap(page: Page) {
  await page.goto('/map');
  await expect(page.getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toBeVisible();
  await expect(markers(page)).toHaveCount(PLOTTED_COUNT);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

test.beforeEach(async ({ page }) => {
  await refuseOffSiteRequests(page);
});

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the map is full width, the viewport height minus 10rem, and opens at zoom 3', async ({ page }) => {
    await openMap(page);
    const box = await boxOf(mapRegion(page));
    const pageWidth = await page.evaluate(() => document.documentElement.clientWidth);
    expect(box.x).toBe(0);
    expect(box.width).toBe(pageWidth);
    expect(box.height).toBe(800 - 10 * REM);
    expect(await zoomOf(page)).toBe(3);
  });

  test('zooming out is disabled at the initial zoom', async ({ page }) => {
    await openMap(page);
    const zoomOut = mapRegion(page).getByRole('button', { name: 'Zoom out' });
    await expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    await zoomOut.click({ force: true }); // it is aria-disabled, which Playwright would wait out
    await mapRegion(page).focus();
    await page.keyboard.press('-');
    await page.mouse.move(640, 500);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(500);
    expect(await zoomOf(page)).toBe(3);
  });

  test('one marker per organisation whose latLong parses', async ({ page }) => {
    await openMap(page);
    await expect(markers(page)).toHaveCount(PLOTTED_COUNT);
    // An organisation with a malformed latLong is listed but has no marker.
    await expect(page.getByRole('heading', { level: 3, name: 'Kona Dryland Fire Partnership' })).toBeVisible();
    await expect(marker(page, 'Kona Dryland Fire Partnership')).toHaveCount(0);
  });

  test('marker logos are 1.5 + zoom/8 rem, resized on every zoom', async ({ page }) => {
    await openMap(page);
    const logo = marker(page, 'Pyrocast Forecasting');
    const badge = marker(page, 'Prairie Ember Mapping');
    expect((await boxOf(logo)).width).toBe(markerSizePx(3));
    expect((await boxOf(badge)).width).toBe(markerSizePx(3));

    await mapRegion(page).getByRole('button', { name: 'Zoom in' }).click();
    await expect(mapRegion(page)).toHaveAttribute('data-zoom', '4');
    await expect.poll(async () => (await boxOf(logo)).width).toBe(markerSizePx(4));
    expect((await boxOf(logo)).height).toBe(markerSizePx(4));
    expect((await boxOf(badge)).width).toBe(markerSizePx(4));

    await mapRegion(page).getByRole('button', { name: 'Zoom in' }).click();
    await expect(mapRegion(page)).toHaveAttribute('data-zoom', '5');
    await expect.poll(async () => (await boxOf(logo)).width).toBe(markerSizePx(5));
  });

  test('hovering or focusing a marker shows its name; clicking opens the popup with the website', async ({ page }) => {
    await openMap(page);
    const pyrocast = marker(page, 'Pyrocast Forecasting');
    await pyrocast.hover();
    await expect(mapRegion(page).locator('.leaflet-tooltip')).toHaveText('Pyrocast Forecasting');

    await pyrocast.click();
    const popup = mapRegion(page).locator('.leaflet-popup');
    await expect(popup).toContainText('Pyrocast Forecasting');
    await expect(popup).toContainText('good prescribed-burn days');
    const link = popup.getByRole('link', { name: 'Visit website (Pyrocast Forecasting, opens in a new tab)' });
    await expect(link).toHaveAttribute('href', 'https://pyrocast.example');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
  });

  test('markers work from the keyboard: focus shows the name, Enter opens the popup, Escape closes it', async ({
    page,
  }) => {
    await openMap(page);
    const prairie = marker(page, 'Prairie Ember Mapping');
    await prairie.focus();
    await expect(mapRegion(page).locator('.leaflet-tooltip')).toHaveText('Prairie Ember Mapping');

    await page.keyboard.press('Enter');
    const popup = mapRegion(page).locator('.leaflet-popup');
    await expect(popup).toContainText('Maps cured-grass fuel loads');
    // Focus moves into the popup, so the next Tab reaches its link.
    await page.keyboard.press('Tab');
    await expect(
      popup.getByRole('link', { name: 'Visit website (Prairie Ember Mapping, opens in a new tab)' }),
    ).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(prairie).toBeFocused();
  });

  test('close markers are spread so that none covers another, at the initial zoom and after zooming', async ({
    page,
  }) => {
    await openMap(page);
    // WCAG 2.5.8: every marker stays a whole target of at least 24px, so none may overlap another.
    const expectNoOverlap = async () => {
      const boxes = await markers(page).evaluateAll((elements) =>
        elements.map((element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return { x, y, width, height };
        }),
      );
      expect(boxes).toHaveLength(PLOTTED_COUNT);
      for (const [index, a] of boxes.entries()) {
        expect(Math.min(a.width, a.height)).toBeGreaterThanOrEqual(24);
        for (const b of boxes.slice(index + 1)) {
          const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          expect(overlaps).toBe(false);
        }
      }
    };
    await expectNoOverlap();
    // Oakland and San Francisco (a few pixels apart at zoom 3) both show whole, next to each other.
    const ridgewatch = await boxOf(marker(page, 'Ridgewatch Sensors'));
    const emberline = await boxOf(marker(page, 'Emberline Analytics'));
    expect(Math.hypot(ridgewatch.x - emberline.x, ridgewatch.y - emberline.y)).toBeLessThan(3 * markerSizePx(3));
    for (const name of ['Ridgewatch Sensors', 'Emberline Analytics']) {
      const target = marker(page, name);
      const isOnTop = await target.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      });
      expect(isOnTop).toBe(true);
    }

    await mapRegion(page).getByRole('button', { name: 'Zoom in' }).click();
    await expect(mapRegion(page)).toHaveAttribute('data-zoom', '4');
    await expect.poll(async () => (await boxOf(marker(page, 'Pyrocast Forecasting'))).width).toBe(markerSizePx(4));
    await expectNoOverlap();
  });

  test("the map passes axe's target-size rule (24px targets, none overlapping)", async ({ page }) => {
    await openMap(page);
    const results = await new AxeBuilder({ page })
      .include('.leaflet-container')
      .options({ runOnly: { type: 'rule', values: ['target-size'] } })
      .analyze();
    expect(results.violations).toEqual([]);
    expect(results.passes.map((rule) => rule.id)).toContain('target-size');
  });

  test('the list filters by name or description and flies the map to the chosen organisation', async ({ page }) => {
    await openMap(page);
    const filter = page.getByLabel('Filter by name or description');
    await filter.fill('peat');
    const list = page.getByRole('region', { name: 'All showcase organisations' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('heading', { level: 3 })).toHaveText([
      'Interior Alaska Tundra Fire Observatory',
      'Peatland Guardians',
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(
      '2 of 40 organisations match “peat”.',
    );

    const show = list.getByRole('button', { name: 'Show on map (Peatland Guardians)' });
    await show.click();
    const popup = mapRegion(page).locator('.leaflet-popup');
    await expect(popup).toContainText('Re-wets drained moorland');
    await expect(mapRegion(page)).toHaveAttribute('data-zoom', String(FOCUS_ZOOM));
    const mapBox = await boxOf(mapRegion(page));
    const markerBox = await boxOf(marker(page, 'Peatland Guardians'));
    expect(markerBox.x).toBeGreaterThan(mapBox.x);
    expect(markerBox.x + markerBox.width).toBeLessThan(mapBox.x + mapBox.width);
    expect(markerBox.y).toBeGreaterThan(mapBox.y);
    expect(markerBox.y + markerBox.height).toBeLessThan(mapBox.y + mapBox.height);

    // Closing the popup returns the visitor to the list where they were.
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(show).toBeFocused();
  });

  test('the list reaches every plotted organisation by keyboard', async ({ page }) => {
    test.setTimeout(90_000); // about 120 key presses on a shared machine
    await openMap(page);
    // The markers' accessible names, as a screen reader gets them.
    const markerTree = await mapRegion(page).locator('.leaflet-marker-pane').ariaSnapshot();
    const markerNames = [...markerTree.matchAll(/^- button "(.+)"/gm)].map((match) => match[1] ?? '');
    expect(new Set(markerNames).size).toBe(PLOTTED_COUNT);

    await page.getByLabel('Filter by name or description').focus();
    const reached = new Set<string>();
    for (let step = 0; step < 200; step += 1) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => {
        const active = document.activeElement;
        return active instanceof HTMLButtonElement ? (active.textContent ?? '') : null;
      });
      if (name === null) continue;
      const match = /^Show on map \((.+)\)$/.exec(name);
      if (match?.[1]) reached.add(match[1]);
      if (reached.size === PLOTTED_COUNT) break;
    }
    expect([...reached].sort()).toEqual([...markerNames].sort());
  });

  test("a zoom asks for the new zoom's tiles (once its animation has ended)", async ({ page }) => {
    const tileZooms: number[] = [];
    page.on('requestfailed', (request) => {
      const url = new URL(request.url());
      // …/dark_all/{z}/{x}/{y}.png
      if (url.hostname.endsWith(TILE_HOST)) tileZooms.push(Number(url.pathname.split('/')[2]));
    });
    await openMap(page);
    await expect.poll(() => tileZooms.includes(3)).toBe(true);
    expect(tileZooms).not.toContain(4);
    await mapRegion(page).getByRole('button', { name: 'Zoom in' }).click();
    await expect(mapRegion(page)).toHaveAttribute('data-zoom', '4');
    await expect.poll(() => tileZooms.includes(4)).toBe(true);
  });

  test('country outlines make a world map with every tile request refused', async ({ page }) => {
    const tileRequests: string[] = [];
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).hostname.endsWith(TILE_HOST)) tileRequests.push(request.url());
    });
    await openMap(page);
    const outlines = mapRegion(page).locator('.leaflet-outlines-pane path');
    await expect.poll(() => outlines.count()).toBeGreaterThan(150);
    expect(tileRequests.length).toBeGreaterThan(0);
    await expect(mapRegion(page).locator('img.leaflet-tile-loaded')).toHaveCount(0);

    // The outlines fill the map's box and sit beneath the tiles.
    const mapBox = await boxOf(mapRegion(page));
    const outlineBox = await boxOf(mapRegion(page).locator('.leaflet-outlines-pane svg'));
    expect(outlineBox.width).toBeGreaterThanOrEqual(mapBox.width);
    expect(outlineBox.height).toBeGreaterThanOrEqual(mapBox.height);
    const [outlinesZ, tilesZ] = await mapRegion(page).evaluate((map) =>
      ['.leaflet-outlines-pane', '.leaflet-tile-pane'].map((selector) =>
        Number(getComputedStyle(map.querySelector(selector) as Element).zIndex),
      ),
    );
    expect(outlinesZ).toBeLessThan(tilesZ ?? 0);
    await expect(mapRegion(page).locator('.leaflet-control-attribution')).toContainText('Natural Earth');
    await expect(mapRegion(page).locator('.leaflet-control-attribution')).toContainText('OpenStreetMap');
  });

  test('the page has no axe violations, with the map loaded and with a popup open', async ({ page }) => {
    test.setTimeout(90_000); // two full axe runs over ~150 map elements
    await openMap(page);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await marker(page, 'Emberline Analytics').click();
    await expect(mapRegion(page).locator('.leaflet-popup')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

test.describe('at 2000px wide', () => {
  test.use({ viewport: { width: 2000, height: 1200 } });

  test('the map opens at zoom 5 and cannot zoom out further', async ({ page }) => {
    await openMap(page);
    expect(await zoomOf(page)).toBe(5);
    const zoomOut = mapRegion(page).getByRole('button', { name: 'Zoom out' });
    await expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    await zoomOut.click({ force: true }); // it is aria-disabled, which Playwright would wait out
    await page.waitForTimeout(500);
    expect(await zoomOf(page)).toBe(5);
    expect((await boxOf(marker(page, 'Pyrocast Forecasting'))).width).toBe(markerSizePx(5));
    expect((await boxOf(mapRegion(page))).height).toBe(1200 - 10 * REM);
  });
});

test('at 375px wide nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openMap(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

test('visiting / downloads no Leaflet code', async ({ page }) => {
  const downloads: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') {
      downloads.push(response.text().then((body) => ({ url: response.url(), body })));
    }
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(downloads);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter(({ url }) => url.includes('/mfe/map/')).map(({ url }) => url)).toEqual([]);
  expect(scripts.filter(({ body }) => body.includes('leaflet-')).map(({ url }) => url)).toEqual([]);
});

test('leaving and coming back to the map leaves no listeners or maps behind', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const listenerCounts = async () => {
    const counts: number[] = [];
    for (const expression of ['window', 'document']) {
      const { result } = await cdp.send('Runtime.evaluate', { expression });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId ?? '' });
      counts.push(listeners.length);
    }
    return counts;
  };
  const nav = page.getByRole('navigation', { name: 'Main' });
  const leave = async () => {
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
  };
  const comeBack = async () => {
    await nav.getByRole('link', { name: 'Map', exact: true }).click();
    await expect(markers(page)).toHaveCount(PLOTTED_COUNT);
    await expect(page.locator('.leaflet-container')).toHaveCount(1);
  };

  await openMap(page);
  // Use the map, so its keyboard, popup and tooltip handlers have all been set up once.
  await marker(page, 'Emberline Analytics').click();
  await leave();
  const away = await listenerCounts();
  await comeBack();
  const onMap = await listenerCounts();

  await marker(page, 'Emberline Analytics').click();
  await leave();
  expect(await listenerCounts()).toEqual(away);
  await comeBack();
  expect(await listenerCounts()).toEqual(onMap);
  await leave();
  expect(await listenerCounts()).toEqual(away);
});
