import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrganisationList } from '../src/components/OrganisationList';
import type { MapOrganisation } from '../src/content/organisation';
import { listOrganisations } from '../src/map/organisations';

const sample: MapOrganisation[] = [
  {
    orgName: 'Ridgewatch Sensors',
    website: 'https://ridgewatch.example',
    shortDescription: 'Solar-powered smoke sensors for ridgelines.',
    orgLogo: 'ridgewatch.svg',
    latLong: '37.8,-122.27',
  },
  {
    orgName: 'Peatland Guardians',
    website: 'https://peatland.example',
    shortDescription: 'Re-wets drained moorland so the peat stops drying out.',
    latLong: '55.95,-3.19',
  },
  {
    orgName: 'Café Incendie',
    website: 'https://cafe.example',
    shortDescription: 'Community kitchens that double as smoke shelters.',
    latLong: 'somewhere in Lyon',
  },
];
const organisations = listOrganisations(sample);

const list = () => screen.getByRole('region', { name: 'All showcase organisations' });
const names = () =>
  within(list())
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const filter = () => screen.getByRole('searchbox', { name: 'Filter by name or description' });

describe('OrganisationList', () => {
  it('lists every organisation, with a website link that opens in a new tab', () => {
    render(<OrganisationList organisations={organisations} onShowOnMap={jest.fn()} />);
    expect(names()).toEqual(['Ridgewatch Sensors', 'Peatland Guardians', 'Café Incendie']);
    const link = screen.getByRole('link', { name: 'Visit website (Ridgewatch Sensors, opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://ridgewatch.example');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(screen.getByRole('status')).toHaveTextContent('3 organisations, 2 of them on the map.');
  });

  it('filters by name', async () => {
    render(<OrganisationList organisations={organisations} onShowOnMap={jest.fn()} />);
    await userEvent.type(filter(), 'ridge');
    expect(names()).toEqual(['Ridgewatch Sensors']);
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 organisations match “ridge”.');
  });

  it('filters by description, ignoring case, accents and word order', async () => {
    render(<OrganisationList organisations={organisations} onShowOnMap={jest.fn()} />);
    await userEvent.type(filter(), 'SMOKE');
    expect(names()).toEqual(['Ridgewatch Sensors', 'Café Incendie']);
    await userEvent.clear(filter());
    await userEvent.type(filter(), 'moorland drained');
    expect(names()).toEqual(['Peatland Guardians']);
    await userEvent.clear(filter());
    await userEvent.type(filter(), 'cafe');
    expect(names()).toEqual(['Café Incendie']);
  });

  it('says so when nothing matches, and shows everything again when cleared', async () => {
    render(<OrganisationList organisations={organisations} onShowOnMap={jest.fn()} />);
    await userEvent.type(filter(), 'volcano');
    expect(names()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('0 of 3 organisations match “volcano”.');
    expect(screen.getByText(/clear the filter/)).toBeVisible();
    await userEvent.clear(filter());
    expect(names()).toHaveLength(3);
  });

  it('sends the map to the chosen organisation, passing the button for focus to return to', async () => {
    const onShowOnMap = jest.fn();
    render(<OrganisationList organisations={organisations} onShowOnMap={onShowOnMap} />);
    const button = screen.getByRole('button', { name: 'Show on map (Peatland Guardians)' });
    await userEvent.click(button);
    expect(onShowOnMap).toHaveBeenCalledWith('peatland-guardians', button);
  });

  it('offers no map button for an organisation without valid coordinates, and says why', () => {
    render(<OrganisationList organisations={organisations} onShowOnMap={jest.fn()} />);
    const cafe = screen.getByRole('heading', { level: 3, name: 'Café Incendie' }).closest('li') as HTMLElement;
    expect(within(cafe).queryByRole('button')).toBeNull();
    expect(within(cafe).getByText(/Not on the map yet/)).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Show on map/ })).toHaveLength(2);
  });

  it('offers no map buttons while the map cannot be shown', () => {
    render(<OrganisationList organisations={organisations} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(names()).toHaveLength(3);
  });
});
