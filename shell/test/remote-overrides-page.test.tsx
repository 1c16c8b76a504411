import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OverrideBanner, showOverrideBanner } from '../src/federation/OverrideBanner';
import { OVERRIDES_STORAGE_KEY } from '../src/federation/overrides';
import RemoteOverridesPage from '../src/pages/RemoteOverridesPage';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

// userEvent types key by key: on a busy two-core CI machine a test takes seconds.
jest.setTimeout(20_000);

const stored = () => JSON.parse(window.localStorage.getItem(OVERRIDES_STORAGE_KEY) ?? 'null') as unknown;

beforeEach(() => window.localStorage.clear());
/** Overrides saved earlier, as the page keeps them. */
const storeOverrides = (overrides: Record<string, string>) =>
  window.localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(overrides));

afterEach(() => {
  document.getElementById('remote-overrides-banner')?.remove();
  jest.restoreAllMocks();
});

describe('/dev/remotes', () => {
  it('shows the stored overrides and saves valid ones', async () => {
    const user = userEvent.setup();
    storeOverrides({ map: 'http://localhost:3004/mf-manifest.json' });
    render(<RemoteOverridesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Remote Overrides' })).toBeInTheDocument();
    expect(screen.getByLabelText('Manifest URL for map')).toHaveValue('http://localhost:3004/mf-manifest.json');
    await user.type(
      screen.getByLabelText('Manifest URL for showcase'),
      'https://preview.example.org/showcase/mf-manifest.json',
    );
    await user.click(screen.getByRole('button', { name: 'Save overrides' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved 2 overrides. Reload the page');
    expect(stored()).toEqual({
      showcase: 'https://preview.example.org/showcase/mf-manifest.json',
      map: 'http://localhost:3004/mf-manifest.json',
    });
  });

  it('refuses another machine over plain http, names the field and keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<RemoteOverridesPage />);
    const field = screen.getByLabelText('Manifest URL for home');
    await user.type(field, 'http://10.0.0.5:3001/mf-manifest.json');
    await user.click(screen.getByRole('button', { name: 'Save overrides' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/accepted only for localhost/);
    expect(field).toHaveFocus();
    expect(field).toHaveValue('http://10.0.0.5:3001/mf-manifest.json');
    expect(stored()).toBeNull();
  });

  it('resets every override', async () => {
    const user = userEvent.setup();
    storeOverrides({ home: 'http://localhost:3001/mf-manifest.json' });
    render(<RemoteOverridesPage />);
    await user.click(screen.getByRole('button', { name: 'Reset all overrides' }));
    expect(stored()).toBeNull();
    expect(screen.getByLabelText('Manifest URL for home')).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Overrides removed');
  });

  it('lists stored entries it ignores', () => {
    window.localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ map: 'ftp://localhost/x' }));
    render(<RemoteOverridesPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('map: Only http://localhost and https:// URLs are accepted.');
  });
});

describe('the override banner', () => {
  it('names each overridden remote and its URL, and offers a reset', async () => {
    const onReset = jest.fn();
    render(<OverrideBanner overrides={{ showcase: 'http://localhost:3003/mf-manifest.json' }} onReset={onReset} />);
    const banner = screen.getByRole('region', { name: 'Remote overrides' });
    expect(within(banner).getByRole('listitem')).toHaveTextContent('showcase → http://localhost:3003/mf-manifest.json');
    expect(within(banner).getByRole('link', { name: 'Change overrides' })).toHaveAttribute('href', '/dev/remotes');
    await userEvent.click(within(banner).getByRole('button', { name: 'Reset overrides' }));
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('appears above the header only when this browser has overrides', async () => {
    document.body.innerHTML = '<div id="site-header"></div>';
    showOverrideBanner(window.localStorage);
    expect(document.getElementById('remote-overrides-banner')).toBeNull();

    storeOverrides({ map: 'http://localhost:3004/mf-manifest.json' });
    act(() => showOverrideBanner(window.localStorage));
    const host = document.getElementById('remote-overrides-banner');
    expect(host?.nextElementSibling?.id).toBe('site-header');
    expect(await screen.findByRole('region', { name: 'Remote overrides' })).toHaveTextContent('map');
  });

  it('logs the overrides it ignores', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.localStorage.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify({ map: 'http://example.com/mf-manifest.json' }));
    showOverrideBanner(window.localStorage);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Remote override for "map" ignored: Plain http:\/\//));
    expect(document.getElementById('remote-overrides-banner')).toBeNull();
  });
});
