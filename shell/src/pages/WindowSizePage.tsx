import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const readSize = () => `${window.innerWidth}x${window.innerHeight}`;
// The prerendered page cannot know the window: it shows dashes until the browser fills them in.
const unknownSize = () => '–x–';

/** A developer aid: the live viewport size, for checking layouts against the breakpoints. */
export default function WindowSizePage() {
  const [width, height] = useSyncExternalStore(subscribe, readSize, unknownSize).split('x');
  return (
    <article className="wpc-page">
      <h1>Check Your Window Size</h1>
      <p className="wpc-lead">Resize the window and watch the numbers change.</p>
      <dl>
        <dt>Width</dt>
        <dd data-testid="window-width">{width}px</dd>
        <dt>Height</dt>
        <dd data-testid="window-height">{height}px</dd>
      </dl>
    </article>
  );
}
