import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { usePageData } from '@wpc/shared/area';
import { whenIdle } from '@wpc/shared/area/hydration';
import { ORGANISATION_LIST_ID, OrganisationList } from '../components/OrganisationList';
import { mapPageCopy as copy } from '../content/map-page';
import type { MapPageData } from '../content/page-data';
import { isPlotted, listOrganisations } from '../map/organisations';
import { initialZoomFor } from '../map/settings';
import { afterNextFrame } from '../map/tasks';
import type { WorldMap } from '../map/world-map';
import styles from './MapPage.module.css';

type MapStatus = 'loading' | 'ready' | 'failed';

interface PendingShow {
  readonly id: string;
  readonly button: HTMLButtonElement;
}

export default function MapPage() {
  const { organisations } = usePageData<MapPageData>();
  const listed = useMemo(() => listOrganisations(organisations), [organisations]);
  const plotted = useMemo(() => listed.filter(isPlotted), [listed]);
  const containerRef = useRef<HTMLDivElement>(null);
  const worldMapRef = useRef<WorldMap | null>(null);
  // A choice made in the list before the map has arrived, carried out once it has.
  const pendingShowRef = useRef<PendingShow | null>(null);
  const [status, setStatus] = useState<MapStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  // The map exists only in the browser, after hydration: Leaflet is fetched here, not at import,
  // and only once the page has started and the browser is idle (whenIdle), so its 80 KB never
  // compete with the page's own start-up and always count as deferred in the size budget
  // (mfe-map/README.md has the figures: the map is ready no later than before).
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    let cancelled = false;
    let worldMap: WorldMap | null = null;
    setStatus('loading');
    whenIdle(() => {
      if (cancelled) return;
      import(/* webpackChunkName: "world-map" */ '../map/world-map')
        .then(async ({ createWorldMap }) => {
          // Leaflet has just run its own set-up in this task, and brought its stylesheet: the map
          // starts in a task of its own, once the page has been laid out with that stylesheet.
          await afterNextFrame();
          if (cancelled) return;
          worldMap = createWorldMap(container, plotted, { initialZoom: initialZoomFor(window.innerWidth) });
          await worldMap.ready;
          if (cancelled) return;
          worldMapRef.current = worldMap;
          setStatus('ready');
          const pending = pendingShowRef.current;
          pendingShowRef.current = null;
          if (pending) worldMap.showOrganisation(pending.id, pending.button);
        })
        .catch(() => {
          if (!cancelled) setStatus('failed');
        });
    });
    return () => {
      cancelled = true;
      worldMapRef.current = null;
      worldMap?.destroy();
    };
  }, [attempt, plotted]);

  const showOnMap = useCallback((id: string, button: HTMLButtonElement) => {
    if (worldMapRef.current) worldMapRef.current.showOrganisation(id, button);
    else pendingShowRef.current = { id, button };
  }, []);

  const skipToList = (event: MouseEvent<HTMLAnchorElement>) => {
    const heading = document.getElementById(`${ORGANISATION_LIST_ID}-heading`);
    if (!heading) return;
    event.preventDefault();
    heading.focus();
  };

  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{copy.heading}</h1>
        <p className={styles.lead}>{copy.lead}</p>
      </header>

      <a className={styles.skipLink} href={`#${ORGANISATION_LIST_ID}`} onClick={skipToList}>
        {copy.skipToList}
      </a>
      <div className={styles.frame}>
        <div
          ref={containerRef}
          className={styles.map}
          role="region"
          aria-label={copy.mapLabel}
          aria-describedby="map-keyboard-help"
        />
        {status !== 'ready' && (
          // A new element per state, so the failure is announced as an alert when it appears.
          <div key={status} className={styles.overlay} role={status === 'failed' ? 'alert' : 'status'}>
            {status === 'loading' ? (
              <p>{copy.loading}</p>
            ) : (
              <>
                <p>{copy.failed}</p>
                <button type="button" className={styles.retry} onClick={() => setAttempt((count) => count + 1)}>
                  {copy.retry}
                </button>
              </>
            )}
          </div>
        )}
      </div>

      <div className={styles.column}>
        <p id="map-keyboard-help" className={styles.help}>
          {copy.keyboardHelp}
        </p>
        <OrganisationList organisations={listed} onShowOnMap={status === 'failed' ? undefined : showOnMap} />
      </div>
    </article>
  );
}
