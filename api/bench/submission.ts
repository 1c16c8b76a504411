/** The submission the benchmarks send, as the site's download form would. */
export const BENCH_SUBMISSION = JSON.stringify({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  organization: 'Analytical Engines',
  role: 'Engineer',
  zipCode: '94110',
  message: 'Benchmark submission',
  subscribe: true,
  pilot: false,
});

/** Headers with a fresh Idempotency-Key per request (autocannon's idReplacement fills in [<id>]). */
export const KEYED_HEADERS = { 'content-type': 'application/json', 'idempotency-key': '[<id>]' };
