import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { act, screen } from '@testing-library/react';
import { useId, useState } from 'react';
import type { AppProps } from 'single-spa';
import { AreaRoutes, areaIdPrefix, defineArea, ROUTER_FUTURE, type AreaPages } from '@wpc/shared/area';
import { announcePageStarted, whenIdle } from '@wpc/shared/area/hydration';
import { IDLE_PREFETCH_MARK } from '@wpc/shared/page-contract';

function Page() {
  const id = useId();
  const [count, setCount] = useState(0);
  return (
    <article>
      <h1>Map page</h1>
      <label htmlFor={id}>Search</label>
      <input id={id} />
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        Pressed {count}
      </button>
    </article>
  );
}
const pages: AreaPages = { '/map': Page };

/** What the remote's build writes for /map, as the edge puts it into the outlet. */
function serveOutlet(buildId: string) {
  const html = renderToString(
    <StaticRouter location="/map" future={ROUTER_FUTURE}>
      <AreaRoutes area="map" pages={pages} label="The map" />
    </StaticRouter>,
    { identifierPrefix: areaIdPrefix('map') },
  );
  document.body.innerHTML = `<main><div id="area-map" data-ssr-build="${buildId}">${html}</div></main>`;
  return document.getElementById('area-map')!;
}

const propsFor = (domElement: HTMLElement) =>
  ({ name: 'map', singleSpa: {}, mountParcel: jest.fn(), domElement }) as unknown as AppProps;

/** single-spa-react settles a mount after React has committed: let React work inside act, then wait. */
async function mountArea(area: ReturnType<typeof defineArea>, outlet: HTMLElement) {
  await area.bootstrap(propsFor(outlet));
  let mounted: Promise<unknown> = Promise.resolve();
  await act(async () => {
    mounted = area.mount(propsFor(outlet));
  });
  await mounted;
}

beforeEach(() => {
  window.history.pushState(null, '', '/map');
  jest.spyOn(console, 'error');
});
afterEach(() => jest.restoreAllMocks());

it('hydrates the prerendered page of its own build: same nodes, working handlers, no warning', async () => {
  const outlet = serveOutlet('build-1');
  const serverHeading = outlet.querySelector('h1');
  const area = defineArea({ area: 'map', pages, label: 'The map', buildId: 'build-1', publicPath: '/mfe/map/' });
  await mountArea(area, outlet);
  expect(outlet.querySelector('h1')).toBe(serverHeading);
  expect(outlet).not.toHaveAttribute('data-ssr-build');
  await act(async () => screen.getByRole('button', { name: 'Pressed 0' }).click());
  expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
  expect(screen.getByLabelText('Search')).toBeInTheDocument();
  expect(console.error).not.toHaveBeenCalled();
  let unmounted: Promise<unknown> = Promise.resolve();
  await act(async () => {
    unmounted = area.unmount(propsFor(outlet));
  });
  await unmounted;
  expect(outlet).toBeEmptyDOMElement();
});

it("renders afresh over a page another build prerendered (the edge's last good copy)", async () => {
  const outlet = serveOutlet('build-old');
  const serverHeading = outlet.querySelector('h1');
  const area = defineArea({ area: 'map', pages, label: 'The map', buildId: 'build-new', publicPath: '/mfe/map/' });
  await mountArea(area, outlet);
  expect(screen.getByRole('heading', { level: 1, name: 'Map page' })).not.toBe(serverHeading);
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  expect(console.error).not.toHaveBeenCalled();
});

describe('idle tasks', () => {
  it('wait until the page has started, then run once each when the browser is idle, marking the first', () => {
    jest.useFakeTimers({ doNotFake: ['performance'] });
    // jsdom has no User Timing: marks are kept by name, as a browser keeps them.
    const marks: string[] = [];
    Object.assign(performance, {
      mark: (name: string) => void marks.push(name),
      getEntriesByName: (name: string) => marks.filter((mark) => mark === name),
    });
    try {
      const prefetch = jest.fn();
      whenIdle(prefetch);
      whenIdle(prefetch);
      jest.advanceTimersByTime(10_000);
      // Not before the shell says the page's own code has taken over: the page's start comes first.
      expect(prefetch).not.toHaveBeenCalled();
      expect(performance.getEntriesByName(IDLE_PREFETCH_MARK)).toHaveLength(0);
      announcePageStarted();
      jest.advanceTimersByTime(10_000);
      expect(prefetch).toHaveBeenCalledTimes(1);
      expect(performance.getEntriesByName(IDLE_PREFETCH_MARK)).toHaveLength(1);
      const later = jest.fn();
      whenIdle(later);
      jest.advanceTimersByTime(10_000);
      expect(later).toHaveBeenCalledTimes(1);
      expect(performance.getEntriesByName(IDLE_PREFETCH_MARK)).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
