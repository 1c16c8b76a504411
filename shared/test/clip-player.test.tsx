import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClipPlayer, clipEmbedUrl, clipFromTimes, hmsToSeconds } from '@wpc/shared/ui';

describe('hmsToSeconds', () => {
  it.each([
    ['0:00:00', 0],
    ['0:12:30', 750],
    ['1:02:03', 3723],
    ['12:05', 725],
    ['45', 45],
    ['2:00:00', 7200],
    [' 0:01:05 ', 65],
  ])('reads %p as %p seconds', (value, seconds) => {
    expect(hmsToSeconds(value)).toBe(seconds);
  });

  it.each(['', '1:2:3:4', '0:61:00', '0:00:60', '1:-2', 'abc', '1.5', '0::30'])('rejects %p', (value) => {
    expect(() => hmsToSeconds(value)).toThrow();
  });
});

describe('clipFromTimes', () => {
  it('turns the editors’ h:m:s bounds into seconds', () => {
    expect(clipFromTimes('abc123', '0:12:30', '0:21:05')).toEqual({ id: 'abc123', start: 750, end: 1265 });
  });
});

describe('clipEmbedUrl', () => {
  it('asks for autoplay with sound, English captions on, and the clip bounds', () => {
    const url = new URL(clipEmbedUrl('abc123', 750, 1265));
    expect(url.pathname).toBe('/embed/abc123');
    expect(url.searchParams.get('autoplay')).toBe('1');
    expect(url.searchParams.get('mute')).toBe('0');
    expect(url.searchParams.get('cc_load_policy')).toBe('1');
    expect(url.searchParams.get('cc_lang_pref')).toBe('en');
    expect(url.searchParams.get('hl')).toBe('en');
    expect(url.searchParams.get('start')).toBe('750');
    expect(url.searchParams.get('end')).toBe('1265');
  });

  it('plays the whole video when no bounds are given', () => {
    const url = new URL(clipEmbedUrl('full'));
    expect(url.searchParams.has('start')).toBe(false);
    expect(url.searchParams.has('end')).toBe(false);
  });
});

describe('ClipPlayer', () => {
  it('renders nothing when there is no video', () => {
    const { container } = render(<ClipPlayer videoId="" title="No clip" previewSrc="/p.svg" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows a sized preview first and moves focus to the player it swaps in', async () => {
    render(<ClipPlayer videoId="abc" title="Pitch" previewSrc="/p.svg" start={5} end={9} />);
    const preview = screen.getByRole('button', { name: 'Play Pitch' });
    const image = preview.querySelector('img');
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '360');
    await userEvent.click(preview);
    expect(screen.getByTitle('Pitch')).toHaveFocus();
  });
});
