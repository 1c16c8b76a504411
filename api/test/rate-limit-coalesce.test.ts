import type { RateCount } from '../src/records/rate-counts';
import { coalescedHits } from '../src/http/rate-limit';

/** A counter whose calls wait until the test lets them answer, recording what each added. */
function slowCounter() {
  const totals = new Map<string, number>();
  const calls: { key: string; amount: number; answer: () => void }[] = [];
  const hit = (key: string, _windowMs: number, amount = 1) =>
    new Promise<RateCount>((resolve) => {
      calls.push({
        key,
        amount,
        answer: () => {
          totals.set(key, (totals.get(key) ?? 0) + amount);
          resolve({ count: totals.get(key)!, resetAt: new Date(60_000) });
        },
      });
    });
  return { hit, calls };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('rate-limit counts of one key at once', () => {
  it('sends a lone hit at once, then the hits made meanwhile as one call, each told its own count', async () => {
    const counter = slowCounter();
    const hit = coalescedHits(counter);
    const first = hit('form:a', 60_000);
    await settle();
    expect(counter.calls.map((call) => call.amount)).toEqual([1]);
    const burst = Array.from({ length: 9 }, () => hit('form:a', 60_000));
    const upload = hit('form:a', 60_000, 5);
    await settle();
    // Still one call: the burst waits for the first hit's answer.
    expect(counter.calls).toHaveLength(1);
    counter.calls[0]!.answer();
    await settle();
    expect(counter.calls.map((call) => call.amount)).toEqual([1, 14]);
    counter.calls[1]!.answer();
    expect((await first).count).toBe(1);
    expect((await Promise.all(burst)).map((count) => count.count)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await upload).count).toBe(15);
  });

  it('keeps keys apart, and rejects only the calls whose store call failed', async () => {
    let fail = true;
    const calls: string[] = [];
    const hit = coalescedHits({
      hit: async (key, _windowMs, amount = 1) => {
        calls.push(key);
        if (fail && key === 'form:b') throw new Error('store down');
        return { count: amount, resetAt: new Date(0) };
      },
    });
    const [a, b] = await Promise.allSettled([hit('form:a', 1000), hit('form:b', 1000)]);
    expect(a).toEqual({ status: 'fulfilled', value: { count: 1, resetAt: new Date(0) } });
    expect(b.status).toBe('rejected');
    expect(calls).toEqual(['form:a', 'form:b']);
    fail = false;
    // The failed key is not left marked as sending: its next hit goes to the store.
    expect((await hit('form:b', 1000)).count).toBe(1);
  });
});
