import { organisations } from '../src/content/organisations';
import { isPlotted, listOrganisations } from '../src/map/organisations';

const listed = listOrganisations(organisations);

describe('the map organisations', () => {
  it('are about 40, as spec §3 says', () => {
    expect(organisations.length).toBeGreaterThanOrEqual(35);
    expect(organisations.length).toBeLessThanOrEqual(45);
  });

  it('skip exactly the entries whose latLong does not parse', () => {
    const skipped = listed.filter((organisation) => !isPlotted(organisation));
    expect(skipped.map(({ orgName, latLong }) => ({ orgName, latLong }))).toEqual([
      { orgName: 'Tahoe Basin Embers Project', latLong: '39.0968;-120.0324' },
      { orgName: 'Kona Dryland Fire Partnership', latLong: 'Kailua-Kona, HI' },
      { orgName: 'Interior Alaska Tundra Fire Observatory', latLong: '-147.7164,64.8378' },
    ]);
  });

  it('have unique names and ids', () => {
    expect(new Set(listed.map((organisation) => organisation.orgName)).size).toBe(listed.length);
    expect(new Set(listed.map((organisation) => organisation.id)).size).toBe(listed.length);
  });

  it('each have a short description and an https website', () => {
    for (const organisation of organisations) {
      expect(organisation.shortDescription.length).toBeGreaterThan(20);
      expect(organisation.shortDescription.length).toBeLessThanOrEqual(160);
      expect(new URL(organisation.website).protocol).toBe('https:');
    }
  });

  it('include some with a logo and some without', () => {
    const withLogo = organisations.filter((organisation) => organisation.orgLogo).length;
    expect(withLogo).toBeGreaterThanOrEqual(10);
    expect(organisations.length - withLogo).toBeGreaterThanOrEqual(10);
  });

  it('are spread over North America, Europe, Australia and elsewhere', () => {
    const regionOf = ({ lat, long }: { lat: number; long: number }) => {
      if (long < -30 && lat > 10) return 'North America';
      if (long > -30 && long < 45 && lat > 34) return 'Europe';
      if (long > 110 && long < 160 && lat < -10) return 'Australia';
      return 'elsewhere';
    };
    const counts: Record<string, number> = {};
    for (const { position } of listed.filter(isPlotted)) {
      const region = regionOf(position);
      counts[region] = (counts[region] ?? 0) + 1;
    }
    expect(counts['North America']).toBeGreaterThanOrEqual(10);
    expect(counts.Europe).toBeGreaterThanOrEqual(5);
    expect(counts.Australia).toBeGreaterThanOrEqual(3);
    expect(counts.elsewhere).toBeGreaterThanOrEqual(3);
  });
});
