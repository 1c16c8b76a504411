import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MapPage from '../src/pages/MapPage';
import { createWorldMap } from '../src/map/world-map';
import { MODEL } from '../src/content/model';
import { PAGE_DATA } from '../src/content/page-data';
import { PAGE_META } from '../src/content/page-meta';
import { seededArea } from '../../test-support/page-data';

// Leaflet needs a real browser (the e2e tests drive it); here the map is a stand-in that records calls.
jest.mock('../src/map/world-map', () => ({ createWorldMap: jest.fn() }));
// The map is fetched in the page's idle time (whenIdle); here each test says when that comes.
const mockIdleTasks: (() => unknown)[] = [];
jest.mock('@wpc/shared/area/hydration', () => ({
  ...jest.requireActual<object>('@wpc/shared/area/hydration'),
  whenIdle: (task: () => unknown) => void mockIdleTasks.push(task),
}));
const browserIdles = () =>
  act(() => {
    mockIdleTasks.splice(0).forEach((task) => task());
  });
// Three published organisations keep jsdom quick; the last one has no place on the map.
const published = (id: string, data: Record<string, unknown>) => ({
  type: 'organisation',
  id,
  slug: id,
  data,
  publishedAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
});
const definition = { model: MODEL, pageData: PAGE_DATA, pageMeta: PAGE_META };
const MAP = seededArea(
  definition,
  seededArea(definition).api.buildContent({ kind: 'published', revision: 'r1' }, [
    published('fynbos-fire-collective', {
      name: 'Fynbos Fire Collective',
      website: 'https://fynbosfire.example',
      description: 'Clears invasive pines from mountain slopes.',
      coordinates: { lat: -33.9249, lng: 18.4241 },
    }),
    published('peatland-guardians', {
      name: 'Peatland Guardians',
      website: 'https://peatlandguardians.example',
      description: 'Re-wets drained moorland.',
      coordinates: { lat: 55.9533, lng: -3.1883 },
    }),
    published('kona-dryland-fire-partnership', {
      name: 'Kona Dryland Fire Partnership',
      website: 'https://konadrylandfire.example',
      description: 'Replaces fire-prone grass with native dryland forest.',
    }),
  ]),
);
const renderMapPage = () => render(MAP.wrap('/map', <MapPage />));
const createWorldMapMock = jest.mocked(createWorldMap);

function fakeMap() {
  return { showOrganisation: jest.fn(), destroy: jest.fn(), ready: Promise.resolve() };
}

beforeEach(() => {
  createWorldMapMock.mockReset();
  mockIdleTasks.length = 0;
});

const mapRegion = () => screen.getByRole('region', { name: 'World map of showcase organisations' });

describe('MapPage', () => {
  it('mounts the map after rendering, at the initial zoom for the window width, with every plotted organisation', async () => {
    const map = fakeMap();
    createWorldMapMock.mockReturnValue(map);
    renderMapPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toBeVisible();
    expect(
      screen.getByText('Preparing the world map, which needs JavaScript. Every organisation is also listed below.'),
    ).toBeVisible();
    // Not before the browser is idle: Leaflet never competes with the page's own start.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(createWorldMapMock).not.toHaveBeenCalled();
    await browserIdles();
    await waitFor(() => expect(createWorldMapMock).toHaveBeenCalledTimes(1));
    const [container, plotted, options] = createWorldMapMock.mock.calls[0] ?? [];
    expect(container).toBe(mapRegion());
    expect(plotted?.map((organisation) => organisation.orgName)).toEqual([
      'Fynbos Fire Collective',
      'Peatland Guardians',
    ]);
    expect(options).toEqual({ initialZoom: 3 }); // jsdom's window is 1024px wide
    await waitFor(() =>
      expect(
        screen.queryByText('Preparing the world map, which needs JavaScript. Every organisation is also listed below.'),
      ).toBeNull(),
    );
  });

  it('removes the map when the page goes away', async () => {
    const map = fakeMap();
    createWorldMapMock.mockReturnValue(map);
    const { unmount } = renderMapPage();
    await browserIdles();
    await waitFor(() => expect(createWorldMapMock).toHaveBeenCalled());
    unmount();
    expect(map.destroy).toHaveBeenCalledTimes(1);
  });

  it('does not create a map when the page is gone before Leaflet arrives', async () => {
    const { unmount } = renderMapPage();
    unmount();
    await browserIdles();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(createWorldMapMock).not.toHaveBeenCalled();
  });

  it('flies the map to an organisation chosen in the list', async () => {
    const map = fakeMap();
    createWorldMapMock.mockReturnValue(map);
    renderMapPage();
    await browserIdles();
    await waitFor(() => expect(createWorldMapMock).toHaveBeenCalled());
    const button = screen.getByRole('button', { name: 'Show on map (Fynbos Fire Collective)' });
    await userEvent.click(button);
    expect(map.showOrganisation).toHaveBeenCalledWith('fynbos-fire-collective', button);
  });

  it('tells the visitor when the map cannot be shown, keeps the list, and can try again', async () => {
    createWorldMapMock.mockImplementationOnce(() => {
      throw new Error('no map here');
    });
    renderMapPage();
    await browserIdles();
    expect(await screen.findByRole('alert')).toHaveTextContent('The map could not be loaded.');
    expect(screen.queryAllByRole('button', { name: /^Show on map/ })).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);

    const map = fakeMap();
    createWorldMapMock.mockReturnValue(map);
    await userEvent.click(screen.getByRole('button', { name: 'Try the map again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await browserIdles();
    // The map is made once the page has rendered a frame after Leaflet arrived.
    await waitFor(() => expect(createWorldMapMock).toHaveBeenCalledTimes(2));
    expect(screen.getAllByRole('button', { name: /^Show on map/ })).toHaveLength(2);
  });

  it('the skip link moves focus to the list', async () => {
    createWorldMapMock.mockReturnValue(fakeMap());
    renderMapPage();
    await userEvent.click(screen.getByRole('link', { name: 'Skip the map and go to the list of organisations' }));
    expect(screen.getByRole('heading', { level: 2, name: 'All showcase organisations' })).toHaveFocus();
  });
});
