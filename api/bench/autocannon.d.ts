// The slice of autocannon's API the benchmark uses (the package ships no typings).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Replace every [<id>] in the request with a fresh id, per request. */
    idReplacement?: boolean;
    connections?: number;
    duration?: number;
    /** Send this many requests, then stop (instead of running for `duration`). */
    amount?: number;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
