import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { StoredFile } from '../records/files';

/**
 * Sends an uploaded file. Uploaded content is untrusted: always a download (attachment), never
 * sniffed or rendered by the browser, and sandboxed should it be opened anyway.
 */
export async function sendUpload(res: Response, found: { readonly file: StoredFile; readonly stream: Readable }) {
  res.attachment(found.file.name);
  res.set({
    'Content-Type': found.file.contentType,
    'Content-Length': String(found.file.size),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  try {
    await pipeline(found.stream, res);
  } catch (error) {
    if (!res.headersSent) throw error;
    res.destroy(error instanceof Error ? error : undefined);
  }
}
