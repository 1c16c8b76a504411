/**
 * An image the team uploads in the editor: its bytes must be an image whatever its name says
 * (file-type's sniffing; SVG by its root element), it is decoded by sharp (libvips) within a pixel
 * limit, turned upright, stripped of its metadata and written as WebP in each width its field
 * declares. An SVG is rasterised: what is served is never the uploaded file.
 */
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { HttpError } from '../http/errors';
import type { NewContentImage } from './images';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** About 40 megapixels: a phone photo, not a decompression bomb. */
const MAX_PIXELS = 40_000_000;
const RASTER_TYPES = ['jpg', 'png', 'webp', 'gif', 'avif'];
const NOT_AN_IMAGE = 'This file is not an image we can use: upload a JPEG, PNG, WebP, GIF, AVIF or SVG image.';

function isSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return false;
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text);
}

/** The widths a field declares, as files: each width, or the original's own when it is narrower. */
export async function processImage(
  bytes: Buffer,
  widths: readonly number[],
  by: string,
  at: Date,
): Promise<NewContentImage> {
  const detected = await fileTypeFromBuffer(bytes);
  const svg = !detected && isSvg(bytes);
  if (!svg && !(detected && RASTER_TYPES.includes(detected.ext))) throw new HttpError(415, NOT_AN_IMAGE);
  const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false, failOn: 'error' }).rotate();
  let width: number;
  let height: number;
  try {
    const upright = await input().toBuffer({ resolveWithObject: true });
    ({ width, height } = upright.info);
  } catch {
    throw new HttpError(415, `${NOT_AN_IMAGE} This one could not be read, or is larger than 40 megapixels.`);
  }
  const files = [];
  for (const name of [...new Set(widths)].sort((a, b) => a - b)) {
    const data = await input()
      .resize({ width: Math.min(name, width), withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    files.push({ name, file: { width: data.info.width, bytes: data.data } });
  }
  return { id: randomBytes(12).toString('base64url'), width, height, uploadedBy: by, uploadedAt: at, files };
}
