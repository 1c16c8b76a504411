import { recordContract } from '../helpers/record-suite';

recordContract('audit record', (store) => {
  it('keeps entries oldest first, each with an id of its own', async () => {
    const counts = { submissions: 2, files: 1, assessments: 0 };
    const second = await store().audit.add({
      at: new Date('2025-03-02T00:00:00Z'),
      by: 'b@example.org',
      action: 'erase',
      counts,
    });
    const first = await store().audit.add({
      at: new Date('2025-03-01T00:00:00Z'),
      by: 'a@example.org',
      action: 'erase',
      counts,
    });
    expect(first.id).not.toBe(second.id);
    expect(await store().audit.list()).toEqual([first, second]);
    expect(first).toEqual({
      id: first.id,
      at: new Date('2025-03-01T00:00:00Z'),
      by: 'a@example.org',
      action: 'erase',
      counts,
    });
  });
});
