/** One request the console made, as the fake API received it. */
export interface Call {
  readonly url: string;
  /** The URL's path, without the query string. */
  readonly path: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: Record<string, unknown>;
}

/** An answer, or a promise of one for a call a test holds open. */
export type Answer = (call: Call) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/**
 * A fake API in place of fetch: answers by "METHOD path" (query string ignored), 404 otherwise,
 * and records every call in the array it returns.
 */
export function fakeApi(routes: Record<string, Answer>): Call[] {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const call: Call = {
      url,
      path: new URL(url, 'http://localhost').pathname,
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer = route ? await route(call) : { status: 404, body: { error: 'Not found.' } };
    // jsdom has no Response: the console reads only these.
    return { ok: answer.status < 300, status: answer.status, json: async () => answer.body } as Response;
  });
  return calls;
}

/** Puts the console at `path`, as a visit or a sign-in link would. */
export function at(path: string): void {
  window.history.replaceState(null, '', path);
}

/** After each test of the calling file: fetch back to none, and the browser's storage empty. */
export function resetAfterEach(): void {
  afterEach(() => {
    Reflect.deleteProperty(global, 'fetch');
    window.localStorage.clear();
  });
}
