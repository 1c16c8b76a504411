/**
 * What makes a file an SVG image. file-type recognises binary formats by their magic bytes; SVG is
 * text, which it names nothing or, after an XML declaration (`<?xml ...?>`, as most editors write
 * it), generic XML. So the bytes are read as text and must open an svg root element.
 */

/** Optional XML declaration, comments and a doctype without an internal subset, then the svg root. */
const SVG_START = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>[]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** Whether file-type's verdict leaves room for an SVG: none, generic XML or SVG itself. */
export const mayBeSvg = (detected: { readonly ext: string } | undefined): boolean =>
  detected === undefined || detected.ext === 'xml' || detected.ext === 'svg';

/** Whether the first bytes of a file open an SVG document (a few KB are enough: the root comes first). */
export function startsAsSvg(head: Buffer): boolean {
  if (head.includes(0)) return false; // binary, not XML text
  return SVG_START.test(head.toString('utf8').replace(/^\uFEFF/, ''));
}
