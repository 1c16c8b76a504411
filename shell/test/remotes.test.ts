/** @jest-environment node */
// Node has fetch and Response; jsdom does not.
import { fetchRemoteConfig } from '../src/federation/remote-config';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const respond = (body: unknown, status = 200) =>
  jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));

afterEach(() => jest.restoreAllMocks());

it('reads every remote from remotes.json without the HTTP cache', async () => {
  const config = { home: '/mfe/home/mf-manifest.json', scorecard: 'a', showcase: 'b', map: 'c' };
  const fetchSpy = respond(config);
  await expect(fetchRemoteConfig()).resolves.toEqual(config);
  expect(fetchSpy).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
});

it('refuses a configuration that misses a remote', async () => {
  respond({ home: 'x', scorecard: 'y', showcase: 'z' });
  await expect(fetchRemoteConfig()).rejects.toThrow('no entry for the "map" remote');
});

it('refuses an error answer', async () => {
  respond({}, 503);
  await expect(fetchRemoteConfig()).rejects.toThrow('answered 503');
});
