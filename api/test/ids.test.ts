import { newDocumentId } from '../src/db/ids';

describe('document ids', () => {
  afterEach(() => jest.restoreAllMocks());

  it('are 16 letters and digits, all different', () => {
    const ids = Array.from({ length: 10_000 }, newDocumentId);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sort by the time they were made, as NeDB compares strings', () => {
    const now = jest.spyOn(Date, 'now');
    const times = [0, 1, 61, 62, 3_843, 1_700_000_000_000, 1_700_000_000_001, 1_800_000_000_000];
    const ids = times.map((ms) => {
      now.mockReturnValue(ms);
      return newDocumentId();
    });
    expect([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(ids);
    // The same millisecond shares the time part.
    now.mockReturnValue(1_700_000_000_000);
    expect(newDocumentId().slice(0, 8)).toBe(ids[5]!.slice(0, 8));
  });
});
