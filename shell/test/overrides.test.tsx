/** @jest-environment node */
// Node, not jsdom: the /dev/remotes page must render on a server, where there is no window.
import { renderToString } from 'react-dom/server';
import {
  applyOverrides,
  browserStorage,
  checkOverrideUrl,
  OVERRIDES_STORAGE_KEY,
  readOverrides,
  writeOverrides,
  type OverrideStorage,
} from '../src/federation/overrides';
import RemoteOverridesPage from '../src/pages/RemoteOverridesPage';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const BASE = {
  home: '/mfe/home/mf-manifest.json',
  scorecard: '/mfe/scorecard/mf-manifest.json',
  showcase: '/mfe/showcase/mf-manifest.json',
  map: '/mfe/map/mf-manifest.json',
};

function memoryStorage(initial?: unknown): OverrideStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  if (initial !== undefined)
    data.set(OVERRIDES_STORAGE_KEY, typeof initial === 'string' ? initial : JSON.stringify(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('checkOverrideUrl', () => {
  it.each([
    'http://localhost:3003/mf-manifest.json',
    'http://localhost/mf-manifest.json',
    'http://127.0.0.1:3003/mf-manifest.json',
    'http://[::1]:3003/mf-manifest.json',
    'https://preview.example.org/showcase/mf-manifest.json',
    'https://localhost:8443/remoteEntry.js',
  ])('accepts %s', (url) => {
    expect(checkOverrideUrl(url)).toEqual({ ok: true, url: new URL(url).href });
  });

  it.each([
    ['http://example.com/mf-manifest.json', /only for localhost/],
    ['http://192.168.1.20:3003/mf-manifest.json', /only for localhost/],
    ['http://localhost.evil.example/mf-manifest.json', /only for localhost/],
    ['javascript:alert(1)', /Only http:\/\/localhost and https:\/\//],
    ['data:text/javascript,alert(1)', /Only http:\/\/localhost and https:\/\//],
    ['ftp://localhost/mf-manifest.json', /Only http:\/\/localhost and https:\/\//],
    ['/mfe/showcase/mf-manifest.json', /full URL/],
    ['localhost:3003/mf-manifest.json', /Only http:\/\/localhost and https:\/\//],
    ['https://user:secret@example.org/mf-manifest.json', /user name or password/],
    ['', /full URL/],
  ])('refuses %s', (url, reason) => {
    const check = checkOverrideUrl(url);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toMatch(reason);
  });

  it('trims what was pasted', () => {
    expect(checkOverrideUrl('  http://localhost:3003/mf-manifest.json \n')).toEqual({
      ok: true,
      url: 'http://localhost:3003/mf-manifest.json',
    });
  });
});

describe('applyOverrides', () => {
  it('leaves the configuration alone without overrides or storage', () => {
    expect(applyOverrides(BASE, memoryStorage())).toEqual(BASE);
    expect(applyOverrides(BASE, null)).toEqual(BASE);
  });

  it('replaces only the overridden remotes', () => {
    const storage = memoryStorage({ showcase: 'http://localhost:3003/mf-manifest.json' });
    expect(applyOverrides(BASE, storage)).toEqual({ ...BASE, showcase: 'http://localhost:3003/mf-manifest.json' });
  });

  it('ignores refused URLs, unknown remotes and non-strings, and says why', () => {
    const storage = memoryStorage({
      map: 'http://localhost:3004/mf-manifest.json',
      home: 'http://attacker.example/mf-manifest.json',
      shell: 'https://example.org/mf-manifest.json',
      scorecard: 42,
    });
    expect(applyOverrides(BASE, storage)).toEqual({ ...BASE, map: 'http://localhost:3004/mf-manifest.json' });
    const { rejected } = readOverrides(storage);
    expect(rejected.map((entry) => entry.area).sort()).toEqual(['home', 'scorecard', 'shell']);
    expect(rejected.find((entry) => entry.area === 'shell')?.reason).toMatch(/no remote called "shell"/);
  });

  it.each(['{not json', '["http://localhost:3003/mf-manifest.json"]', 'null', '"http://localhost:1/x"'])(
    'ignores a stored value that is not an object: %s',
    (raw) => {
      const storage = memoryStorage(raw);
      expect(applyOverrides(BASE, storage)).toEqual(BASE);
      expect(readOverrides(storage).rejected).toHaveLength(1);
    },
  );

  it('treats storage the browser refuses as no overrides', () => {
    const refusing: OverrideStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(applyOverrides(BASE, refusing)).toEqual(BASE);
  });
});

describe('writeOverrides', () => {
  it('stores the documented JSON object under the documented key', () => {
    const storage = memoryStorage();
    writeOverrides(storage, { map: 'http://localhost:3004/mf-manifest.json' });
    expect(OVERRIDES_STORAGE_KEY).toBe('wpc:remote-overrides');
    expect(JSON.parse(storage.data.get('wpc:remote-overrides')!)).toEqual({
      map: 'http://localhost:3004/mf-manifest.json',
    });
  });

  it('removes the key when nothing is overridden', () => {
    const storage = memoryStorage({ map: 'http://localhost:3004/mf-manifest.json' });
    writeOverrides(storage, {});
    expect(storage.data.has(OVERRIDES_STORAGE_KEY)).toBe(false);
  });
});

it('has no browser storage on a server', () => {
  expect(browserStorage()).toBeNull();
});

it('renders /dev/remotes on a server without touching storage', () => {
  const html = renderToString(<RemoteOverridesPage />);
  expect(html).toContain('<h1>Remote Overrides</h1>');
  expect(html).toContain(OVERRIDES_STORAGE_KEY);
  expect(html).toContain('Manifest URL for <strong>showcase</strong>');
});
