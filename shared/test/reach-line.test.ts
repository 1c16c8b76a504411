import { reachLineOf, reachSentence } from '@wpc/shared/reach-line';

// Issue 40, item 4: "Downloaded by communities in N states and provinces".
describe('the public reach line', () => {
  it('is the issue’s sentence with N from 2 up, the singular for 1, and nothing for 0', () => {
    expect(reachSentence(12)).toBe('Downloaded by communities in 12 states and provinces');
    expect(reachSentence(2)).toBe('Downloaded by communities in 2 states and provinces');
    expect(reachSentence(1)).toBe('Downloaded by communities in 1 state or province');
    expect(reachSentence(0)).toBeNull();
  });

  it('shows only when an entry switches it on and the API has given N', () => {
    const on = [{ data: { show: false } }, { data: { show: true } }];
    expect(reachLineOf(on, { reachRegions: 3 })).toBe('Downloaded by communities in 3 states and provinces');
    expect(reachLineOf(on, {})).toBeNull();
    expect(reachLineOf([{ data: { show: false } }], { reachRegions: 3 })).toBeNull();
    expect(reachLineOf([], { reachRegions: 3 })).toBeNull();
  });
});
