import { contentAreasOf } from '@wpc/shared/team';
import type { SignedInProps } from './session';

const AREA_NAMES = { home: 'Home and about', scorecard: 'Scorecard', showcase: 'Showcase', map: 'Map' } as const;

/** The place of the site's content (issue 28 builds the editor): for now, which areas this person may edit. */
export default function ContentPage({ session }: SignedInProps) {
  const areas = contentAreasOf(session);
  return (
    <article className="wpc-page">
      <h1>Content</h1>
      <p className="wpc-lead">Nothing here yet.</p>
      <p>This is where the site’s pages will be edited and published. You may edit these areas:</p>
      <ul>
        {areas.map((area) => (
          <li key={area}>{AREA_NAMES[area]}</li>
        ))}
      </ul>
    </article>
  );
}
