import { impactQuerySchema } from '@wpc/shared/team/impact-schemas';

// Issue 40: the Impact page's periods. A custom period names real days from 2000 on (the period
// before it must still be a day the answer can name), at most 731 days long, first before last.
const refused = (query: Record<string, string>) => {
  const parsed = impactQuerySchema.safeParse(query);
  return parsed.success ? undefined : parsed.error.issues.map((issue) => issue.message);
};

it('takes the fixed periods, 30 days by default, and a custom one with both days', () => {
  expect(impactQuerySchema.parse({})).toEqual({ period: '30d' });
  for (const period of ['7d', '30d', '90d', '365d']) expect(refused({ period })).toBeUndefined();
  expect(refused({ period: 'custom', from: '2026-01-01', to: '2026-03-31' })).toBeUndefined();
});

it('refuses a custom period without both days, backwards, too long, before 2000 or on a day that does not exist', () => {
  expect(refused({ period: 'custom', from: '2026-01-01' })).toEqual(['A custom period needs a first and a last day.']);
  expect(refused({ period: 'custom', from: '2026-03-01', to: '2026-01-01' })).toEqual([
    'The first day must not be after the last day.',
  ]);
  expect(refused({ period: 'custom', from: '2020-01-01', to: '2026-01-01' })).toEqual([
    'A custom period spans at most 731 days.',
  ]);
  expect(refused({ period: 'custom', from: '0000-01-01', to: '0000-01-01' })).toContain(
    'Use a day from 2000-01-01 on, such as 2025-01-31.',
  );
  expect(refused({ period: 'custom', from: '2026-02-31', to: '2026-03-01' })).toContain(
    'Use a day from 2000-01-01 on, such as 2025-01-31.',
  );
  expect(refused({ period: 'week' })).toEqual(['Use one of: 7d, 30d, 90d, 365d, custom.']);
});
