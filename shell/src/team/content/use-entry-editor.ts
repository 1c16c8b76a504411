import { useCallback, useEffect, useRef, useState } from 'react';
import type { ContentArea } from '@wpc/shared/content-model';
import { formatDateTime } from '../format';
import type { SignedInProps } from '../session';
import { contentApi, ContentApiError, type EditorEntry, type EditorVersion, type EntryReferrer } from './api';
import { failureText } from './labels';
import { forgetLocal, keepLocal, readLocal, type Draft, type LocalDraft } from './local-draft';

/** How long after the last keystroke a draft saves itself. */
const AUTOSAVE_MS = 3000;

/** Issues as field errors, keyed by path. */
const errorsOf = (issues: readonly { path: string; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));

export interface EntryConflict {
  readonly mine: Draft;
  readonly theirs: EditorEntry;
}

type EditorProps = Pick<SignedInProps, 'session' | 'onSignedOut'> & {
  readonly area: ContentArea;
  readonly id: string;
};

/**
 * The entry as opened and as typed: its draft, what the API said of it, and a conflict when
 * another editor saved meanwhile. A draft this browser kept (unsaved when a session ended) comes
 * back on opening, and every change is kept in the browser until the API has it.
 */
function useEntryState({ area, id, session, onSignedOut }: EditorProps) {
  const [entry, setEntry] = useState<EditorEntry>();
  const [versions, setVersions] = useState<readonly EditorVersion[]>([]);
  const [draft, setDraftState] = useState<Draft>({ slug: '', data: {} });
  const [baseVersion, setBaseVersionState] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [conflict, setConflict] = useState<EntryConflict>();
  // Who names this entry, while the person is asked whether to unpublish it anyway.
  const [referencedBy, setReferencedBy] = useState<readonly EntryReferrer[]>();
  // What is typed now, for saves that finish after more was typed.
  const draftRef = useRef(draft);
  const setDraft = useCallback((next: Draft) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);
  // The version saves are made on, for a save queued behind another that moves it.
  const baseRef = useRef(baseVersion);
  const setBaseVersion = useCallback((next: number) => {
    baseRef.current = next;
    setBaseVersionState(next);
  }, []);

  const fail = useCallback(
    (failure: unknown) => {
      if (failure instanceof ContentApiError && failure.status === 409 && failure.referencedBy) {
        setReferencedBy(failure.referencedBy);
        return;
      }
      if (failure instanceof ContentApiError && failure.status === 409 && failure.current) {
        setConflict({ mine: draftRef.current, theirs: failure.current });
        setProblem(failure.message);
        return;
      }
      if (failure instanceof ContentApiError && Object.keys(failure.fields).length > 0)
        setErrors({ ...failure.fields });
      setProblem(failureText(failure, onSignedOut));
    },
    [onSignedOut],
  );
  const reload = useCallback(async () => {
    const answer = await contentApi.open(session, area, id);
    setEntry(answer.entry);
    setVersions(answer.versions);
    return answer.entry;
  }, [session, area, id]);

  useEffect(() => {
    let live = true;
    contentApi.open(session, area, id).then(
      ({ entry: opened, versions: history }) => {
        if (!live) return;
        setEntry(opened);
        setVersions(history);
        const kept = readLocal(area, id);
        setBaseVersion(opened.version);
        if (!kept) {
          setDraft(opened.draft);
          return;
        }
        if (kept.baseVersion === opened.version) {
          setDraft({ slug: kept.slug, data: kept.data });
          setDirty(true);
          setMessage(`Your unsaved changes of ${formatDateTime(kept.keptAt)} are back, and are being saved.`);
        } else {
          setDraft(opened.draft);
          setConflict({ mine: { slug: kept.slug, data: kept.data }, theirs: opened });
          setProblem('This entry changed since your unsaved changes were made. Compare both versions and choose.');
        }
      },
      (failure: unknown) => live && fail(failure),
    );
    return () => {
      live = false;
    };
  }, [session, area, id, fail, setDraft]);

  useEffect(() => {
    if (!dirty) return;
    const kept: LocalDraft = { ...draft, baseVersion, keptAt: new Date().toISOString() };
    keepLocal(area, id, kept);
  }, [dirty, draft, baseVersion, area, id]);

  return {
    ...{ entry, setEntry, versions, draft, draftRef, setDraft, baseVersion, baseRef, setBaseVersion, dirty, setDirty },
    ...{ errors, setErrors, message, setMessage, problem, setProblem, conflict, setConflict, fail, reload },
    ...{ referencedBy, setReferencedBy },
  };
}

type EntryState = ReturnType<typeof useEntryState>;

/**
 * Saves the draft: when asked, and by itself a few seconds after the last change. One save runs at
 * a time: one asked for while another is under way (Preview or Publish pressed during an autosave)
 * waits for it and then sends what is still unsaved, so the action goes on instead of being lost.
 */
function useSave(state: EntryState, { area, id, session }: EditorProps) {
  const { dirty, draft, conflict, draftRef, baseRef, fail, reload } = state;
  const { setEntry, setBaseVersion, setDirty, setErrors, setMessage, setProblem } = state;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const lastSaved = useRef<{ sent: Draft; entry: EditorEntry }>(undefined);
  const saveOnce = useCallback(
    async (explicit: boolean): Promise<EditorEntry | undefined> => {
      const sent = draftRef.current;
      const last = lastSaved.current;
      // The save this one waited for already sent it: an action needs no second version.
      if (!explicit && last?.sent === sent && last.entry.version === baseRef.current) return last.entry;
      try {
        const { entry: saved } = await contentApi.save(session, area, id, { version: baseRef.current, ...sent });
        lastSaved.current = { sent, entry: saved };
        setEntry(saved);
        setBaseVersion(saved.version);
        // Typing may have gone on while the save was under way: that stays unsaved.
        if (draftRef.current === sent) {
          setDirty(false);
          forgetLocal(area, id);
        }
        if (explicit) {
          setErrors(errorsOf(saved.issues));
          setMessage(
            saved.issues.length > 0
              ? 'Draft saved. Some fields still need attention before it can be published.'
              : 'Draft saved.',
          );
        }
        setProblem(undefined);
        void reload().catch(() => undefined);
        return saved;
      } catch (failure) {
        fail(failure);
        return undefined;
      }
    },
    [
      session,
      area,
      id,
      draftRef,
      baseRef,
      fail,
      reload,
      setEntry,
      setBaseVersion,
      setDirty,
      setErrors,
      setMessage,
      setProblem,
    ],
  );

  const save = useCallback(
    (explicit: boolean) => {
      const run = queue.current.then(() => saveOnce(explicit));
      queue.current = run;
      return run;
    },
    [saveOnce],
  );

  useEffect(() => {
    if (!dirty || conflict) return;
    const timer = setTimeout(() => void save(false), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [dirty, draft, conflict, save]);
  return save;
}

/**
 * One entry's editing: its state, saving, and the actions done on the version saved (publish,
 * schedule, restore...), with the choice between two versions on a conflict.
 */
export function useEntryEditor(props: EditorProps) {
  const state = useEntryState(props);
  const save = useSave(state, props);
  const [busy, setBusy] = useState(false);
  const { entry, dirty, setEntry, setBaseVersion, setDraft, setDirty, setErrors, setMessage, setProblem } = state;
  const { setConflict, fail, reload } = state;

  const change = (next: Draft) => {
    setDraft(next);
    setDirty(true);
    setMessage(undefined);
  };

  /** Saves what is typed, then does `action` on the version saved. */
  const act = async (action: (version: number) => Promise<{ entry: EditorEntry }>, done: string) => {
    setBusy(true);
    setProblem(undefined);
    setMessage(undefined);
    try {
      const current = dirty ? await save(false) : entry;
      if (!current) return;
      const { entry: changed } = await action(current.version);
      setEntry(changed);
      setBaseVersion(changed.version);
      setDraft(changed.draft);
      setErrors({});
      setMessage(done);
      await reload();
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  /** Ends a conflict with `theirs` as the saved version and `draft` as what is typed. */
  const resolve = (theirs: EditorEntry, draft: Draft, mine: boolean) => {
    setEntry(theirs);
    setBaseVersion(theirs.version);
    setDraft(draft);
    setDirty(mine);
    if (!mine) forgetLocal(props.area, props.id);
    setConflict(undefined);
    setProblem(undefined);
    if (mine) setMessage('Your version replaces theirs when it is saved; theirs stays in the history.');
  };

  return { ...state, save, busy, change, act, resolve };
}

export type EntryEditing = ReturnType<typeof useEntryEditor>;
