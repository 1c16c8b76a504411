import { useEffect, useEffectEvent, useState } from 'react';
import { TeamApiError } from './api';
import { SESSION_ENDED } from './session';

export interface ConsoleQuery<T> {
  /** The answer for the current key; undefined while it loads or when it failed. */
  readonly data: T | undefined;
  /** The last answer of any key (kept on screen while the next one loads). */
  readonly latest: T | undefined;
  readonly error: string | undefined;
  readonly loading: boolean;
}

/**
 * What a console page shows: asked for again whenever `key` changes (the address's filters, a
 * reload), only the latest answer kept; an ended session signs the person out instead.
 */
export function useConsoleQuery<T>(
  key: string,
  load: () => Promise<T>,
  onSignedOut: (message: string) => void,
): ConsoleQuery<T> {
  const [result, setResult] = useState<{ readonly key: string; readonly data?: T; readonly error?: string }>();
  const loadNow = useEffectEvent(load);

  useEffect(() => {
    let live = true;
    loadNow().then(
      (data) => {
        if (live) setResult({ key, data });
      },
      (failure: unknown) => {
        if (!live) return;
        if (failure instanceof TeamApiError && failure.status === 401) onSignedOut(SESSION_ENDED);
        else setResult({ key, error: failure instanceof Error ? failure.message : String(failure) });
      },
    );
    return () => {
      live = false;
    };
  }, [key, onSignedOut]);

  const current = result?.key === key ? result : undefined;
  return { data: current?.data, latest: result?.data ?? undefined, error: current?.error, loading: !current };
}
