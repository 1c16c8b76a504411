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
  const panelId = (date: string) => `${baseId}-panel-${date}`;
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  // The latest showcase: the one selected when the visitor has not chosen another.
  const latestDate = events[events.length - 1]?.date;
  const [selected, setSelected] = useState<string | undefined>(latestDate);
  // The showcase whose panel is shown: it follows the chosen tab in a transition, so a tap
  // highlights the tab in the next frame and the panels change after it (issue 32).
  const [shown, setShown] = useState<string | undefined>(latestDate);
  const [switching, startSwitching] = useTransition();
  // The showcase whose every card is rendered. The server and hydration render them all, and
  // every other showcase's first screen in its hidden panel, for the page's early script to show
  // on a tap before hydration (issue 38 item 14). After a switch it catches up with `shown` once
  // the first screen has been painted.
  const [complete, setComplete] = useState<string | undefined>(latestDate);
  // The server renders the latest showcase, and cannot know the visitor's stored choice, so the
  // panels wait invisible (their space kept) until that choice has been read: no visible switch.
  // The page's early script ends the wait when the visitor picks a tab before hydration. Once
  // restored, a hidden panel is empty: its showcase is rendered when chosen, and a clip playing in
  // a panel left behind stops with it (a hidden frame would play on).
  const [restored, setRestored] = useState(false);

  // After mount and before the browser paints: the tab picked before hydration (the page's early
  // script, shared/build/early-controls.cjs, selected it, showed its panel and took the panels'
  // data-restoring away; hydration keeps the DOM's attributes), else the session's choice, if it
  // names a showcase. A tapped panel already shows its first screen: the rest follows in the
  // second pass. A stored one is not on screen yet, so it is rendered whole at once.
  useLayoutEffect(() => {
    // Each tab names its panel (aria-controls): a panel without data-restoring was shown by a tap.
    const pickedEarly = [...tabs.current.values()].some(
      (tab) =>
        document.getElementById(tab.getAttribute('aria-controls') ?? '')?.hasAttribute('data-restoring') === false,
    );
    const tapped = pickedEarly
      ? [...tabs.current].find(([, tab]) => tab.getAttribute('aria-selected') === 'true')?.[0]
      : undefined;
    if (tapped) {
      storeShowcaseDate(tapped);
      setSelected(tapped);
      setShown(tapped);
    } else {
      const stored = readStoredShowcaseDate(events.map((event) => event.date));
      if (stored) {
        setSelected(stored);
        setShown(stored);
        setComplete(stored);
      }
    }
    setRestored(true);
  }, [events]);

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

  const known = (date: string | undefined) => (events.some((item) => item.date === date) ? date : latestDate);
  const chosenDate = known(selected);
  const shownDate = known(shown);

  return (
    <>
      <div className={styles.tablist} role="tablist" aria-label={copy.tablistLabel} data-early-tabs="">
        {events.map((item, index) => {
          const isSelected = item.date === chosenDate;
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
              aria-controls={panelId(item.date)}
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
      {events.map((item) => {
        const isShown = item.date === shownDate;
        return (
          <div
            key={item.date}
            role="tabpanel"
            id={panelId(item.date)}
            aria-labelledby={tabId(item.date)}
            hidden={!isShown}
            aria-busy={(isShown && (switching || item.date !== complete)) || undefined}
            tabIndex={0}
            className={styles.panel}
            data-restoring={restored ? undefined : ''}
          >
            {isShown || !restored ? (
              <EventPresentations event={item} pitchLimit={item.date === complete ? undefined : FIRST_PASS_PITCHES} />
            ) : null}
          </div>
        );
      })}
    </>
  );
}

/**
 * A showcase's content. Memoised: a tap re-renders the tabs at once, and a panel's content only
 * when the transition brings it in, instead of rendering the one left behind again first.
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
