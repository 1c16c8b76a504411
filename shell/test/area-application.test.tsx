import { act, screen, waitFor } from '@testing-library/react';
import type { AppProps, LifeCycles } from 'single-spa';
import { areaApplication } from '../src/federation/area-application';

const props = { name: 'showcase', singleSpa: {}, mountParcel: jest.fn() } as unknown as AppProps;

function fakeRemote() {
  const calls: string[] = [];
  const lifecycles: LifeCycles = {
    bootstrap: async () => void calls.push('bootstrap'),
    mount: async (mountProps) => {
      calls.push('mount');
      const element = (mountProps as AppProps & { domElement: HTMLElement }).domElement;
      element.insertAdjacentHTML('beforeend', '<h1 id="remote-page">Showcase page</h1>');
    },
    unmount: async () => {
      calls.push('unmount');
      document.getElementById('remote-page')?.remove();
    },
  };
  return { calls, lifecycles };
}

beforeEach(() => {
  document.body.innerHTML = '<main><div id="area-showcase"></div></main>';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it('shows a loading state, then mounts the remote into its outlet', async () => {
  const remote = fakeRemote();
  let resolve: (value: LifeCycles) => void = () => undefined;
  const app = areaApplication('showcase', () => new Promise((r) => (resolve = r)));

  await act(() => app.mount(props));
  expect(screen.getByRole('status')).toHaveTextContent(/Loading the showcase section/);

  await act(async () => resolve(remote.lifecycles));
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Showcase page' })).toBeInTheDocument());
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(remote.calls).toEqual(['bootstrap', 'mount']);

  await act(() => app.unmount(props));
  expect(remote.calls).toEqual(['bootstrap', 'mount', 'unmount']);
  expect(document.getElementById('area-showcase')).toBeEmptyDOMElement();
});

it('shows the unavailable panel when the remote cannot load, and Retry loads it again', async () => {
  const remote = fakeRemote();
  const load = jest.fn().mockRejectedValueOnce(new Error('RUNTIME-008')).mockResolvedValueOnce(remote.lifecycles);
  const app = areaApplication('showcase', load);

  await act(() => app.mount(props));
  const panel = await screen.findByRole('alert');
  expect(panel).toHaveTextContent('This section is unavailable right now');
  expect(console.error).toHaveBeenCalled();

  await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Showcase page' })).toBeInTheDocument());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

it('does not mount a remote that arrives after the visitor has left the area', async () => {
  const remote = fakeRemote();
  let resolve: (value: LifeCycles) => void = () => undefined;
  const app = areaApplication('showcase', () => new Promise((r) => (resolve = r)));

  await act(() => app.mount(props));
  const unmounted = app.unmount(props);
  await act(async () => resolve(remote.lifecycles));
  await act(() => unmounted);
  expect(remote.calls).toEqual(['bootstrap']);
  expect(document.getElementById('area-showcase')).toBeEmptyDOMElement();

  // Coming back mounts the already-loaded remote without loading it again.
  await act(() => app.mount(props));
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Showcase page' })).toBeInTheDocument());
  expect(remote.calls).toEqual(['bootstrap', 'mount']);
});
