import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MapPage from '../src/pages/MapPage';
import { createWorldMap } from '../src/map/world-map';

// Leaflet needs a real browser (the e2e tests drive it); here the map is a stand-in that records calls.
jest.mock('../src/map/world-map', () => ({ createWorldMap: jest.fn() }));
// Three organisations keep jsdom quick; the last one's latLong does not parse.
jest.mock('../src/content/organisations', () => ({
  organisations: [
    {
      orgName: 'Fynbos Fire Collective',
      website: 'https://fynbosfire.example',
      shortDescription: 'Clears invasive pines from mountain slopes.',
      latLong: '-33.9249,18.4241',
    },
    {
      orgName: 'Peatland Guardians',
      website: 'https://peatlandguardians.example',
      shortDescription: 'Re-wets drained moorland.',
      latLong: '55.9533,-3.1883',
    },
    {
      orgName: 'Kona Dryland Fire Partnership',
      website: 'https://konadrylandfire.example',
      shortDescription: 'Replaces fire-prone grass with native dryland forest.',
      latLong: 'Kailua-Kona, HI',
    },
  ],
}));
const createWorldMapMock = jest.mocked(createWorldMap);

function fakeMap() {
  return { showOrganisation: jest.fn(), destroy: jest.fn(), ready: Promise.resolve() };
}

beforeEach(() => {
  createWorldMapMock.mockReset();
});

const mapRegion = () => screen.getByRole('region', { name: 'World map of showcase organisations' });

describe('MapPage', () => {
  it('mounts the map after rendering, at the initial zoom for the window width, with every plotted organisation', async () => {
    const map = fakeMap();
    createWorldMapMock.mockReturnValue(map);
    render(<MapPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Showcase Organisations Map' })).toBeVisible();
    expect(
      screen.getByText('Preparing the world map, which needs JavaScript. Every organisation is also listed below.'),
    ).toBeVisible();
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
    const { unmount } = render(<MapPage />);
    await waitFor(() => expect(createWorldMapMock).toHaveBeenCalled());
    unmount();
    expect(map.destroy).toHaveBeenCalledTimes(1);
  });

  it('does not create a map when the page is gone before Leaflet arrives', async () => {
    const { unmount } = render(<MapPage />);
    unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(createWorldMapMock).not.toHaveBeenCalled();
  });

  it('flies the map to an organisation chosen in the list', async () => {
    const map = fakeMap();
    createWorldMapMock.mockReturnValue(map);
    render(<MapPage />);
    await waitFor(() => expect(createWorldMapMock).toHaveBeenCalled());
    const button = screen.getByRole('button', { name: 'Show on map (Fynbos Fire Collective)' });
    await userEvent.click(button);
    expect(map.showOrganisation).toHaveBeenCalledWith('fynbos-fire-collective', button);
  });

  it('tells the visitor when the map cannot be shown, keeps the list, and can try again', async () => {
    createWorldMapMock.mockImplementationOnce(() => {
      throw new Error('no map here');
    });
    render(<MapPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The map could not be loaded.');
    expect(screen.queryAllByRole('button', { name: /^Show on map/ })).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);

    const map = fakeMap();
    createWorldMapMock.mockReturnValue(map);
    await userEvent.click(screen.getByRole('button', { name: 'Try the map again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(createWorldMapMock).toHaveBeenCalledTimes(2);
    expect(screen.getAllByRole('button', { name: /^Show on map/ })).toHaveLength(2);
  });

  it('the skip link moves focus to the list', async () => {
    createWorldMapMock.mockReturnValue(fakeMap());
    render(<MapPage />);
    await userEvent.click(screen.getByRole('link', { name: 'Skip the map and go to the list of organisations' }));
    expect(screen.getByRole('heading', { level: 2, name: 'All showcase organisations' })).toHaveFocus();
  });
});
