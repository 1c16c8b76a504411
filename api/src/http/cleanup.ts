import fs from 'node:fs/promises';
import type { Response } from 'express';

const CLEANUP = Symbol('cleanUploads');
type WithCleanup = Response & { [CLEANUP]?: () => Promise<void> };

/** Ties a request's temporary upload folder to its response. */
export function trackUploadDir(res: Response, dir: string): void {
  let removal: Promise<void> | undefined;
  (res as WithCleanup)[CLEANUP] = () => (removal ??= fs.rm(dir, { recursive: true, force: true }));
  // A client that disconnects mid-upload may leave multer writing; remove again on close.
  res.once('close', () => void fs.rm(dir, { recursive: true, force: true }));
}

/** Removes the request's temporary upload folder, if any; safe to call more than once. */
export function cleanUploads(res: Response): Promise<void> {
  return (res as WithCleanup)[CLEANUP]?.() ?? Promise.resolve();
}
