import {
  memo,
  startTransition,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useTransition,
  type KeyboardEvent,
} from 'react';
import { ClipPlayer } from '@wpc/shared/ui';
import { eventHeaderDate, eventTabLabel } from '../content/events';
import type { EventView } from '../content/page-data';
import { PRESENTATIONS_COPY } from '../content/presentations-page';
import { remoteFileUrl } from '../content/remote-files';
import { SessionCard } from '../components/PresentationCards';
import { readStoredShowcaseDate, storeShowcaseDate } from './showcase-date-storage';
import styles from './EventArchive.module.css';

const copy = PRESENTATIONS_COPY.archive;

/**
 * The innovators' cards a tab switch renders with the panel: what a first screen can show below the
 * recording and the update (one row of two on a wide screen). The rest follow in a second pass, so
 * the switch lays out one screen, not every card (issue 38; the figures are in the README).
 */
const FIRST_PASS_PITCHES = 2;

/** "11172024" -> "2024-11-17", for <time dateTime>. */
const isoDay = (date: string) => `${date.slice(4)}-${date.slice(0, 2)}-${date.slice(2, 4)}`;

export interface EventArchiveProps {
  /** The published showcases, oldest first, each with its sessions. */
  readonly events: readonly EventView[];
}

/**
 * "Previous Innovation Showcases": one tab per showcase and the chosen showcase's recording
 * and presentations. The choice is kept in sessionStorage for the rest of the visit.
 */
export function EventArchive({ events }: EventArchiveProps) {
  const baseId = useId();
  const tabId = (date: string) => `${baseId}-tab-${date}`;
  const panelId = `${baseId}-panel`;
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  // The latest showcase: the one selected when the visitor has not chosen another.
  const latestDate = events[events.length - 1]?.date;
  const [selected, setSelected] = useState<string | undefined>(latestDate);
  // The showcase the panel shows: it follows the chosen tab in a transition, so a tap highlights
  // the tab in the next frame and the panel's many cards render after it (issue 32).
  const [shown, setShown] = useState<string | undefined>(latestDate);
  const [switching, startSwitching] = useTransition();
  // The showcase whose every card is rendered. The server and hydration render them all; after a
  // switch it catches up with `shown` once the first screen has been painted.
  const [complete, setComplete] = useState<string | undefined>(latestDate);
  // The server renders the latest showcase, and cannot know the visitor's stored choice, so the
  // panel stays invisible (its space kept) until that choice has been read: no visible switch.
  const [restored, setRestored] = useState(false);

  // After mount and before the browser paints: the tab tapped before hydration (the page's early
  // script, shared/build/early-controls.cjs, selected it, and hydration keeps the DOM's
  // aria-selected), else the session's choice, if it names a showcase.
  useLayoutEffect(() => {
    const tapped = [...tabs.current].find(
      ([date, tab]) => date !== latestDate && tab.getAttribute('aria-selected') === 'true',
    )?.[0];
    if (tapped) storeShowcaseDate(tapped);
    const stored = tapped ?? readStoredShowcaseDate(events.map((event) => event.date));
    if (stored) {
      setSelected(stored);
      setShown(stored);
      setComplete(stored);
    }
    setRestored(true);
  }, [events, latestDate]);

  // The second pass: after the frame that paints the first screen (a timer set in a frame callback
  // runs after that frame), as a transition, so a tap on another tab interrupts it.
  useEffect(() => {
    if (shown === complete) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setComplete(shown)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, complete]);

  const select = (date: string) => {
    setSelected(date);
    storeShowcaseDate(date);
    startSwitching(() => setShown(date));
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = events.length - 1;
    const moves: Partial<Record<string, number>> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    const date = target === undefined ? undefined : events[target]?.date;
    if (!date) return;
    event.preventDefault();
    select(date);
    tabs.current.get(date)?.focus();
  };

  const latest = events[events.length - 1];
  const chosen = events.find((candidate) => candidate.date === selected) ?? latest;
  const event = events.find((candidate) => candidate.date === shown) ?? latest;

  return (
    <>
      <div className={styles.tablist} role="tablist" aria-label={copy.tablistLabel} data-early-tabs="">
        {events.map((item, index) => {
          const isSelected = item.date === chosen?.date;
          return (
            <button
              key={item.date}
              ref={(element) => {
                if (element) tabs.current.set(item.date, element);
                else tabs.current.delete(item.date);
              }}
              type="button"
              role="tab"
              id={tabId(item.date)}
              className={styles.tab}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={(clickEvent) => {
                // Tells the early script that React has answered this click.
                clickEvent.preventDefault();
                select(item.date);
              }}
              onKeyDown={(keyEvent) => onTabKeyDown(keyEvent, index)}
            >
              {eventTabLabel(item)}
            </button>
          );
        })}
      </div>
      {event ? (
        <div
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(event.date)}
          aria-busy={switching || event.date !== complete || undefined}
          tabIndex={0}
          className={restored ? styles.panel : `${styles.panel} ${styles.restoring}`}
        >
          <EventPresentations
            key={event.date}
            event={event}
            pitchLimit={event.date === complete ? undefined : FIRST_PASS_PITCHES}
          />
        </div>
      ) : null}
    </>
  );
}

/**
 * The chosen showcase's content. Memoised: a tap re-renders the tabs at once, and the panel only
 * when the transition brings it its new showcase, instead of rendering the old one again first.
 */
const EventPresentations = memo(function EventPresentations({
  event,
  pitchLimit,
}: {
  readonly event: EventView;
  /** How many innovators' cards to render; all when undefined. */
  readonly pitchLimit?: number;
}) {
  const innovatorsTitleId = useId();
  return (
    <>
      <div className={styles.eventHeader}>
        <h3 className={styles.eventName}>{event.showcaseHeaderName}</h3>
        <p className={styles.eventDate}>
          <time dateTime={isoDay(event.date)}>{eventHeaderDate(event)}</time>
        </p>
      </div>
      {event.fullVideo ? (
        <div className={styles.fullVideo}>
          <ClipPlayer
            videoId={event.fullVideo.id}
            start={event.fullVideo.start}
            end={event.fullVideo.end}
            title={`${event.showcaseHeaderName}: ${copy.fullVideoSuffix}`}
            previewSrc={remoteFileUrl(event.videoPreview)}
          />
        </div>
      ) : null}
      {event.update ? <SessionCard session={event.update} /> : null}
      <h3 id={innovatorsTitleId} className={styles.innovatorsTitle}>
        {copy.innovatorsTitle}
      </h3>
      {event.pitches.length > 0 ? (
        <ul className={styles.innovators} aria-labelledby={innovatorsTitleId}>
          {event.pitches.slice(0, pitchLimit).map((session) => (
            <li key={session.id}>
              <SessionCard session={session} />
            </li>
          ))}
        </ul>
      ) : (
        <p>{copy.noInnovators}</p>
      )}
    </>
  );
});
