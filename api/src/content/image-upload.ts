/**
 * An image the team uploads in the editor: its bytes must be an image whatever its name says
 * (file-type's sniffing; SVG by its root element, after an XML declaration or comments too), it is decoded by sharp (libvips) within a pixel
 * limit, turned upright, stripped of its metadata and written as WebP in each width its field
 * declares. An SVG is rasterised: what is served is never the uploaded file.
 */
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { mayBeSvg, startsAsSvg } from '../uploads/svg';
import type { NewContentImage } from '../records/content-images';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** About 40 megapixels: a phone photo, not a decompression bomb. */
const MAX_PIXELS = 40_000_000;
const RASTER_TYPES = ['jpg', 'png', 'webp', 'gif', 'avif'];
const NOT_AN_IMAGE = 'This file is not an image we can use: upload a JPEG, PNG, WebP, GIF, AVIF or SVG image.';

/**
 * What an SVG may not hold, since the server draws it: declared entities (XXE, entity bombs),
 * XInclude, and references to anything outside the file (http:, file:, another path), however
 * they are written (href, xlink:href, src, CSS url() and @import). Only fragments (#id) and data:
 * URIs are drawn. Scripts need no rule: a raster has none.
 */
const UNSAFE_SVG: readonly (readonly [RegExp, string])[] = [
  [/<!ENTITY/i, 'declares XML entities'],
  [/<!DOCTYPE[^>]*\[/i, 'has a document type with declarations'],
  [/XInclude|<xi:include/i, 'includes other files'],
  [/\b(?:href|src)\s*=\s*["']?\s*(?!#|data:)[^\s"'>]/i, 'refers to files outside itself'],
  [/\burl\(\s*["']?\s*(?!#|data:)[^\s"')]/i, 'refers to files outside itself'],
  [/@import/i, 'refers to files outside itself'],
];

function refuseUnsafeSvg(bytes: Buffer): void {
  const text = bytes.toString('utf8');
  for (const [pattern, what] of UNSAFE_SVG)
    if (pattern.test(text)) throw new HttpError(415, `This SVG image ${what}: export it as a plain SVG or a PNG.`);
}

/** The widths a field declares, as files: each width, or the original's own when it is narrower. */
export async function processImage(
  bytes: Buffer,
  widths: readonly number[],
  by: string,
  at: Date,
): Promise<NewContentImage> {
  const detected = await fileTypeFromBuffer(bytes);
  const svg = mayBeSvg(detected) && startsAsSvg(bytes.subarray(0, 4096));
  if (!svg && !(detected && RASTER_TYPES.includes(detected.ext))) throw new HttpError(415, NOT_AN_IMAGE);
  if (svg) refuseUnsafeSvg(bytes);
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
