import type { Readable } from 'node:stream';
import { StoreUnavailableError, type NewFile, type SubmissionStore } from './types';

/** Rejects with StoreUnavailableError when `work` has not settled within `ms`. */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`The store did not answer ${what} within ${ms} ms.`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Wraps a store so no request waits on it longer than `ms`: a store that hangs (network
 * partition, stuck disk) turns into a quick 503 instead of a request that never ends.
 * File uploads are exempt because their length depends on the file; the use-case checks
 * health() (bounded) before streaming files in.
 */
export function storeWithDeadline(store: SubmissionStore, ms: number): SubmissionStore {
  return {
    kind: store.kind,
    description: store.description,
    init: () => withDeadline(store.init(), ms, 'init'),
    insertSubmission: (submission) => withDeadline(store.insertSubmission(submission), ms, 'insert'),
    listSubmissions: (query) => withDeadline(store.listSubmissions(query), ms, 'list'),
    saveFile: (source: Readable, file: NewFile) => store.saveFile(source, file),
    openFile: (id) => withDeadline(store.openFile(id), ms, 'openFile'),
    listFiles: () => withDeadline(store.listFiles(), ms, 'listFiles'),
    insertAssessment: (assessment) => withDeadline(store.insertAssessment(assessment), ms, 'insertAssessment'),
    listAssessments: (query) => withDeadline(store.listAssessments(query), ms, 'listAssessments'),
    deleteFile: (id) => withDeadline(store.deleteFile(id), ms, 'deleteFile'),
    health: () =>
      withDeadline(store.health(), ms, 'health').catch((error: unknown) => ({
        ok: false,
        detail: error instanceof Error ? error.message : String(error),
      })),
    close: () => store.close(),
  };
}
