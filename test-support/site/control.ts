import { expect, type APIRequestContext } from '@playwright/test';
import { siteControlPort, type SiteProcess } from './processes';

/** Stops or starts one of the site's processes; resolves once it has exited, or serves. */
export async function siteProcess(request: APIRequestContext, name: SiteProcess, action: 'start' | 'stop') {
  const response = await request.post(`http://127.0.0.1:${siteControlPort()}/processes/${name}/${action}`, {
    timeout: 150_000,
  });
  expect(response.ok(), `${action} ${name}: ${await response.text()}`).toBe(true);
}

const TEST_CLOCK = '/api/test/clock';

/** The API's clock (TEST_CLOCK=1, api/src/test-clock.ts). */
export async function apiClock(request: APIRequestContext): Promise<Date> {
  const response = await request.get(TEST_CLOCK);
  expect(response.ok(), `GET ${TEST_CLOCK}: ${await response.text()}`).toBe(true);
  return new Date(((await response.json()) as { now: string }).now);
}

/** Moves the API's clock forward to `to`. */
export async function moveApiClock(request: APIRequestContext, to: Date): Promise<void> {
  const response = await request.post(TEST_CLOCK, { data: { to: to.toISOString() } });
  expect(response.ok(), `POST ${TEST_CLOCK}: ${await response.text()}`).toBe(true);
}
