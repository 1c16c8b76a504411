import { recordContract } from '../helpers/record-suite';

recordContract('rate-count record', (store) => {
  const WINDOW = 60_000;

  it('counts hits per key within a window that ends within the window length', async () => {
    const before = Date.now();
    const first = await store().rateCounts.hit('submit:203.0.113.1', WINDOW);
    expect(first.count).toBe(1);
    expect(first.resetAt.getTime()).toBeGreaterThan(before);
    expect(first.resetAt.getTime()).toBeLessThanOrEqual(Date.now() + WINDOW);
    expect((await store().rateCounts.hit('submit:203.0.113.1', WINDOW)).count).toBe(2);
    expect((await store().rateCounts.hit('submit:203.0.113.2', WINDOW)).count).toBe(1);
  });

  it('counts an amount (an upload’s megabytes) and takes it back', async () => {
    const counts = store().rateCounts;
    expect((await counts.hit('uploads:203.0.113.9', WINDOW, 20)).count).toBe(20);
    expect((await counts.hit('uploads:203.0.113.9', WINDOW, 5)).count).toBe(25);
    await counts.unhit('uploads:203.0.113.9', WINDOW, 5);
    expect((await counts.hit('uploads:203.0.113.9', WINDOW)).count).toBe(21);
  });

  it('takes a hit back, never below zero, and forgets a key on reset', async () => {
    const counts = store().rateCounts;
    await counts.hit('admin:a', WINDOW);
    await counts.hit('admin:a', WINDOW);
    await counts.unhit('admin:a', WINDOW);
    expect((await counts.hit('admin:a', WINDOW)).count).toBe(2);
    await counts.unhit('admin:b', WINDOW);
    expect((await counts.hit('admin:b', WINDOW)).count).toBe(1);
    await counts.reset('admin:a');
    expect((await counts.hit('admin:a', WINDOW)).count).toBe(1);
  });

  it('peeks at a count without counting, and finds 0 for a key not hit', async () => {
    const counts = store().rateCounts;
    expect((await counts.peek('confirmations:site', WINDOW)).count).toBe(0);
    await counts.hit('confirmations:site', WINDOW);
    await counts.hit('confirmations:site', WINDOW);
    const seen = await counts.peek('confirmations:site', WINDOW);
    expect(seen.count).toBe(2);
    expect(seen.resetAt.getTime()).toBeLessThanOrEqual(Date.now() + WINDOW);
    expect((await counts.peek('confirmations:site', WINDOW)).count).toBe(2);
    expect((await counts.hit('confirmations:site', WINDOW)).count).toBe(3);
  });
});
