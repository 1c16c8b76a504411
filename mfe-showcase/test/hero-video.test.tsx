import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeroVideo } from '../src/components/HeroVideo';

const POSTER = { src: '/poster.svg', width: 1600, height: 900 };
const SOURCES = [
  { src: '/loop.webm', type: 'video/webm' },
  { src: '/loop.mp4', type: 'video/mp4' },
];

function preferReducedMotion(reduce: boolean | null) {
  if (reduce === null) {
    Reflect.deleteProperty(window, 'matchMedia');
    return;
  }
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)' && reduce,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

const play = jest.fn(() => Promise.resolve());
const pause = jest.fn();
beforeAll(() => {
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: play });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: pause });
});
beforeEach(() => {
  play.mockClear();
  pause.mockClear();
});
afterAll(() => preferReducedMotion(null));

const renderHero = () =>
  render(
    <HeroVideo poster={POSTER} sources={SOURCES}>
      <h1>Title</h1>
    </HeroVideo>,
  );

it('never creates the video for visitors who prefer reduced motion: the poster alone', () => {
  preferReducedMotion(true);
  const { container } = renderHero();
  expect(container.querySelector('video')).toBeNull();
  expect(container.querySelector('img')).toHaveAttribute('src', '/poster.svg');
  expect(screen.queryByRole('button', { name: /background video/ })).not.toBeInTheDocument();
  expect(play).not.toHaveBeenCalled();
});

it('plays the muted loop over the poster otherwise, and lets the visitor pause it', async () => {
  preferReducedMotion(false);
  const { container } = renderHero();
  const video = container.querySelector('video')!;
  expect(video.muted).toBe(true);
  expect(video.loop).toBe(true);
  expect([...video.querySelectorAll('source')].map((source) => source.getAttribute('src'))).toEqual([
    '/loop.webm',
    '/loop.mp4',
  ]);
  expect(play).toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Pause background video' }));
  expect(pause).toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Play background video' })).toBeInTheDocument();
});

it('shows the poster alone where media queries cannot be asked', () => {
  preferReducedMotion(null);
  const { container } = renderHero();
  expect(container.querySelector('video')).toBeNull();
});
