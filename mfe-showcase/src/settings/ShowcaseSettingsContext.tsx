import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isAcceptingApplications, isPreEvent, SHOWCASE_SETTINGS, type ShowcaseSettings } from './showcase-settings';

/** Where "now" comes from; tests pass a fixed one. */
export type Clock = () => Date;

const systemClock: Clock = () => new Date();

interface ShowcaseEnvironment {
  readonly settings: ShowcaseSettings;
  readonly clock: Clock;
}

const ShowcaseContext = createContext<ShowcaseEnvironment>({ settings: SHOWCASE_SETTINGS, clock: systemClock });

export interface ShowcaseSettingsProviderProps {
  /** Defaults to the settings module, which is what the site renders. */
  readonly settings?: ShowcaseSettings;
  readonly clock?: Clock;
  readonly children: ReactNode;
}

/** Lets a test (or a preview) render the pages with other settings or another "now". */
export function ShowcaseSettingsProvider({
  settings = SHOWCASE_SETTINGS,
  clock = systemClock,
  children,
}: ShowcaseSettingsProviderProps) {
  const value = useMemo(() => ({ settings, clock }), [settings, clock]);
  return <ShowcaseContext.Provider value={value}>{children}</ShowcaseContext.Provider>;
}

export function useShowcaseSettings(): ShowcaseSettings {
  return useContext(ShowcaseContext).settings;
}

export interface EventTiming {
  /** Spec §4's pre-event flag. */
  readonly preEvent: boolean;
  readonly acceptingApplications: boolean;
}

/**
 * Where today falls against the settings' dates. Null on the server and in the first client
 * render (which must match the prerendered HTML); the clock is read once the page has mounted.
 */
export function useEventTiming(): EventTiming | null {
  const { settings, clock } = useContext(ShowcaseContext);
  const [timing, setTiming] = useState<EventTiming | null>(null);
  useEffect(() => {
    const now = clock();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the clock is read only after hydration, so server and client agree
    setTiming({ preEvent: isPreEvent(settings, now), acceptingApplications: isAcceptingApplications(settings, now) });
  }, [settings, clock]);
  return timing;
}
