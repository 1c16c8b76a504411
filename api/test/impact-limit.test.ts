import { beaconLimit, BEACONS_PER_DAY, BEACONS_PER_MINUTE } from '../src/impact/limit';

const DAY_START = Date.parse('2026-03-10T00:00:00Z');
const allowedOf = (times: readonly number[], client = '198.51.100.66') => {
  let now = 0;
  const limit = beaconLimit(() => now);
  return times.filter((time) => {
    now = time;
    return limit.allow(client);
  }).length;
};

describe('the beacon limit per address (issue 40: 10,000 forged beacons add a bounded number)', () => {
  it('lets BEACONS_PER_MINUTE of 10,000 beacons sent in one minute through', () => {
    expect(allowedOf(Array.from({ length: 10_000 }, (_, i) => DAY_START + i))).toBe(BEACONS_PER_MINUTE);
  });

  it('lets BEACONS_PER_DAY of 10,000 beacons spread evenly over a day through', () => {
    const every = 86_400_000 / 10_000;
    expect(allowedOf(Array.from({ length: 10_000 }, (_, i) => DAY_START + i * every))).toBe(BEACONS_PER_DAY);
  });

  it('counts each address on its own, and starts again the next day', () => {
    let now = DAY_START;
    const limit = beaconLimit(() => now);
    for (let i = 0; i < BEACONS_PER_MINUTE; i += 1) expect(limit.allow('a')).toBe(true);
    expect(limit.allow('a')).toBe(false);
    expect(limit.allow('b')).toBe(true);
    now += 86_400_000;
    expect(limit.allow('a')).toBe(true);
  });
});
