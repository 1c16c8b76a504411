import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { REMOTE_AREAS, type RemoteArea } from '@wpc/shared/routes';
import { Button } from '@wpc/shared/ui';
import {
  browserStorage,
  checkOverrideUrl,
  clearOverrides,
  OVERRIDES_STORAGE_KEY,
  parseOverrides,
  readRaw,
  writeOverrides,
  type RemoteOverrides,
} from '../federation/overrides';
import type { RemoteConfig } from '../federation/remote-config';
import { siteRemoteConfig } from '../federation/remotes';
import styles from './RemoteOverridesPage.module.css';

type Values = Record<RemoteArea, string>;
type Errors = Partial<Record<RemoteArea, string>>;

const EMPTY: Values = { home: '', scorecard: '', showcase: '', map: '' };

/** Each remote's dev server with the default ports (README "Ports and environment"). */
const DEV_MANIFEST: Readonly<Record<RemoteArea, string>> = {
  home: 'http://localhost:3001/mf-manifest.json',
  scorecard: 'http://localhost:3002/mf-manifest.json',
  showcase: 'http://localhost:3003/mf-manifest.json',
  map: 'http://localhost:3004/mf-manifest.json',
};

const EXAMPLE = `localStorage.setItem('${OVERRIDES_STORAGE_KEY}', JSON.stringify({ showcase: 'http://localhost:3003/mf-manifest.json' }))`;

/** Fired after this page changes the overrides; other tabs hear the browser's "storage" event. */
const OVERRIDES_CHANGED = 'wpc:remote-overrides-changed';

function subscribeToOverrides(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(OVERRIDES_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(OVERRIDES_CHANGED, onChange);
  };
}

const storedText = () => readRaw(browserStorage());
const noStorage = () => browserStorage() === null;
const noSubscription = () => () => undefined;

/** One remote's manifest URL: its default from remotes.json as the hint, and what is wrong with it. */
function OverrideField({
  area,
  inputId,
  value,
  error,
  fallback,
  onChange,
  inputRef,
}: {
  readonly area: RemoteArea;
  readonly inputId: string;
  readonly value: string;
  readonly error: string | undefined;
  /** The manifest remotes.json names, once loaded. */
  readonly fallback: string | undefined;
  readonly onChange: (value: string) => void;
  readonly inputRef: (element: HTMLInputElement | null) => void;
}) {
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId}>
        Manifest URL for <strong>{area}</strong>
      </label>
      <input
        ref={inputRef}
        id={inputId}
        name={area}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={DEV_MANIFEST[area]}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      <p id={hintId} className={styles.hint}>
        {fallback !== undefined ? (
          <>
            Default: <code>{fallback}</code>
          </>
        ) : (
          'Leave empty to use the default from remotes.json.'
        )}
      </p>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The stored overrides the page cannot use: no localStorage here, or entries it refuses. */
function StorageProblems({
  storageMissing,
  rejected,
}: {
  readonly storageMissing: boolean;
  readonly rejected: readonly { readonly area: string; readonly reason: string }[];
}) {
  return (
    <>
      {storageMissing ? (
        <p role="alert" className={styles.error}>
          This browser does not allow localStorage here, so overrides cannot be saved.
        </p>
      ) : null}
      {rejected.length > 0 ? (
        <div role="alert" className={styles.error}>
          <p>Some stored overrides are ignored:</p>
          <ul>
            {rejected.map((entry) => (
              <li key={entry.area}>
                <code>{entry.area}</code>: {entry.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/**
 * /dev/remotes: point one or more remotes at another manifest (usually a dev server) in this
 * browser only. Storage is read through useSyncExternalStore with a server snapshot, so the page
 * also renders on the server and hydrates without a mismatch.
 */
export default function RemoteOverridesPage() {
  const idPrefix = useId();
  const stored = useSyncExternalStore(subscribeToOverrides, storedText, () => null);
  const storageMissing = useSyncExternalStore(noSubscription, noStorage, () => false);
  const { overrides, rejected } = useMemo(() => parseOverrides(stored), [stored]);
  /** What the visitor is typing; null shows what is stored. */
  const [draft, setDraft] = useState<Values | null>(null);
  const values: Values = draft ?? { ...EMPTY, ...overrides };
  const [errors, setErrors] = useState<Errors>({});
  const [defaults, setDefaults] = useState<RemoteConfig | null>(null);
  const [status, setStatus] = useState('');
  const fieldRefs = useRef<Partial<Record<RemoteArea, HTMLInputElement | null>>>({});

  useEffect(() => {
    let active = true;
    siteRemoteConfig()?.then(
      (config) => {
        if (active) setDefaults(config);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  const changed = () => window.dispatchEvent(new Event(OVERRIDES_CHANGED));

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const storage = browserStorage();
    if (!storage) return;
    const next: RemoteOverrides = {};
    const problems: Errors = {};
    for (const area of REMOTE_AREAS) {
      if (values[area].trim() === '') continue;
      const check = checkOverrideUrl(values[area]);
      if (check.ok) next[area] = check.url;
      else problems[area] = check.reason;
    }
    setErrors(problems);
    const firstProblem = REMOTE_AREAS.find((area) => problems[area]);
    if (firstProblem) {
      setStatus('');
      fieldRefs.current[firstProblem]?.focus();
      return;
    }
    writeOverrides(storage, next);
    setDraft(null);
    changed();
    const count = Object.keys(next).length;
    setStatus(
      count === 0
        ? 'No overrides saved: every remote loads from remotes.json. Reload to apply.'
        : `Saved ${count === 1 ? 'one override' : `${count} overrides`}. Reload the page to load the remotes from these URLs.`,
    );
  };

  const reset = () => {
    const storage = browserStorage();
    if (!storage) return;
    clearOverrides(storage);
    setDraft(null);
    setErrors({});
    changed();
    setStatus('Overrides removed. Reload the page to load every remote from remotes.json again.');
  };

  return (
    <article className="wpc-page">
      <h1>Remote Overrides</h1>
      <p className="wpc-lead">
        Try your own build of a remote inside the real site. Point a remote at another manifest, usually your webpack
        dev server, and only this browser loads it from there; everyone else keeps the deployed version.
      </p>
      <p>
        Accepted: <code>http://localhost…</code> (also 127.0.0.1) and any <code>https://</code> URL. The overrides are
        kept in this browser&apos;s localStorage under <code>{OVERRIDES_STORAGE_KEY}</code>, so you can also set them
        from the console:
      </p>
      <pre className={styles.example}>
        <code>{EXAMPLE}</code>
      </pre>
      <StorageProblems storageMissing={storageMissing} rejected={rejected} />
      <form className={styles.form} aria-label="Remote overrides" onSubmit={save} noValidate>
        {REMOTE_AREAS.map((area) => (
          <OverrideField
            key={area}
            area={area}
            inputId={`${idPrefix}-${area}`}
            value={values[area]}
            error={errors[area]}
            fallback={defaults?.[area]}
            onChange={(text) => setDraft({ ...values, [area]: text })}
            inputRef={(element) => {
              fieldRefs.current[area] = element;
            }}
          />
        ))}
        <div className={styles.actions}>
          <Button type="submit">Save overrides</Button>
          <Button variant="secondary" onClick={reset}>
            Reset all overrides
          </Button>
        </div>
      </form>
      <div role="status" aria-live="polite" className={styles.status}>
        {status ? (
          <>
            <p>{status}</p>
            <Button variant="secondary" onClick={() => window.location.reload()}>
              Reload now
            </Button>
          </>
        ) : null}
      </div>
    </article>
  );
}
