import { open } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import { FEEDBACK_FILE_EXTENSIONS } from '@wpc/shared/schemas';
import { mayBeSvg, startsAsSvg } from './svg';

const MAX_NAME_LENGTH = 120;

/** The lower-case extension of a name, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

export function isAllowedExtension(name: string): boolean {
  return FEEDBACK_FILE_EXTENSIONS.includes(extensionOf(name));
}

/**
 * A display name safe for metadata and Content-Disposition: no directories, no control or
 * shell-special characters, no leading dots, bounded length, extension kept.
 */
export function sanitizeFileName(original: string): string {
  const base = original.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  const ext = extensionOf(cleaned);
  const stem = ext ? cleaned.slice(0, -(ext.length + 1)) : cleaned;
  const room = MAX_NAME_LENGTH - (ext ? ext.length + 1 : 0);
  const safeStem = stem.slice(0, room).trim() || 'upload';
  return ext ? `${safeStem}.${ext}` : safeStem;
}

/** What the bytes of each allowed extension must sniff as (file-type's ext). */
const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  pdf: ['pdf'],
  // Legacy Office documents are all OLE compound files.
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
};

/** The Content-Type an accepted upload is stored and served with, by extension. */
export const UPLOAD_CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

async function looksLikeSvg(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return startsAsSvg(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export type SniffResult =
  { readonly ok: true; readonly contentType: string } | { readonly ok: false; readonly reason: string };

/**
 * Checks that a file's bytes are what its extension claims. Only the first bytes are read
 * (file-type reads a few KB; zip-based Office files are walked entry by entry on disk).
 */
export async function sniffFile(filePath: string, name: string): Promise<SniffResult> {
  const ext = extensionOf(name);
  if (!FEEDBACK_FILE_EXTENSIONS.includes(ext))
    return { ok: false, reason: `.${ext || '(none)'} files are not accepted.` };
  const detected = await fileTypeFromFile(filePath);
  const contentType = UPLOAD_CONTENT_TYPES[ext] ?? 'application/octet-stream';
  if (ext === 'svg') {
    return mayBeSvg(detected) && (await looksLikeSvg(filePath))
      ? { ok: true, contentType }
      : { ok: false, reason: 'The file is not an SVG image.' };
  }
  const expected = EXPECTED[ext] ?? [];
  if (detected && expected.includes(detected.ext)) return { ok: true, contentType };
  return { ok: false, reason: `The contents of the file do not match its .${ext} extension.` };
}
