import { act, render, screen } from '@testing-library/react';
import { nextSubHeaderState, type SubHeaderState } from '../src/components/sub-header-state';
import { StickySubHeader } from '../src/components/StickySubHeader';
import { PARTNERS } from '../src/content/partners';

describe('nextSubHeaderState (spec §9: on above 150px, off below 50px)', () => {
  it.each<[SubHeaderState, number, SubHeaderState]>([
    ['initial', 0, 'initial'],
    ['initial', 150, 'initial'],
    ['initial', 151, 'default'],
    ['initial', 2000, 'default'],
    ['default', 2000, 'default'],
    ['default', 50, 'default'],
    ['default', 49, 'initial'],
    ['default', 0, 'initial'],
  ])('from %s at %ipx gives %s', (current, scrollY, expected) => {
    expect(nextSubHeaderState(current, scrollY)).toBe(expected);
  });

  it('keeps whichever style it has anywhere in the hysteresis band', () => {
    for (const scrollY of [50, 51, 100, 149, 150]) {
      expect(nextSubHeaderState('initial', scrollY)).toBe('initial');
      expect(nextSubHeaderState('default', scrollY)).toBe('default');
    }
  });

  it('follows a scroll down and back up', () => {
    const positions = [0, 120, 151, 100, 60, 49, 100, 160];
    const states: SubHeaderState[] = [];
    let state: SubHeaderState = 'initial';
    for (const scrollY of positions) {
      state = nextSubHeaderState(state, scrollY);
      states.push(state);
    }
    expect(states).toEqual(['initial', 'initial', 'default', 'default', 'default', 'initial', 'initial', 'default']);
  });
});

describe('StickySubHeader', () => {
  function scrollTo(y: number) {
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      window.dispatchEvent(new Event('scroll'));
    });
  }

  afterEach(() => Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 }));

  it('is titled, shows the three partner logos and is counted as a sticky header', () => {
    const { container } = render(
      <StickySubHeader title="Community Wildfire Resilience Scorecard" partners={PARTNERS} />,
    );
    expect(screen.getByRole('heading', { name: 'Community Wildfire Resilience Scorecard' })).toBeInTheDocument();
    const logos = screen.getByRole('list', { name: 'Scorecard partners' });
    expect(logos.querySelectorAll('[role="img"]')).toHaveLength(3);
    expect(container.querySelector('[data-sticky-header]')).toHaveAttribute('data-state', 'initial');
  });

  it('switches style with the scroll, with hysteresis', () => {
    const { container } = render(
      <StickySubHeader title="Community Wildfire Resilience Scorecard" partners={PARTNERS} />,
    );
    const subHeader = container.querySelector('[data-sticky-header]');
    scrollTo(100);
    expect(subHeader).toHaveAttribute('data-state', 'initial');
    scrollTo(151);
    expect(subHeader).toHaveAttribute('data-state', 'default');
    scrollTo(100);
    expect(subHeader).toHaveAttribute('data-state', 'default');
    scrollTo(49);
    expect(subHeader).toHaveAttribute('data-state', 'initial');
  });

  it('starts in the default style when mounted on an already scrolled page', () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 800 });
    const { container } = render(
      <StickySubHeader title="Community Wildfire Resilience Scorecard" partners={PARTNERS} />,
    );
    expect(container.querySelector('[data-sticky-header]')).toHaveAttribute('data-state', 'default');
  });
});
