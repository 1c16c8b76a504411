import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isAllowedExtension, sanitizeFileName, sniffFile } from '../src/uploads/files';
import { goodUploads, samples } from './helpers/fixtures';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wpc-sniff-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function sniff(name: string, bytes: Buffer) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(file, bytes);
  return sniffFile(file, name);
}

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\ada\\report.docx', 'report.docx'],
    ['.hidden.png', 'hidden.png'],
    ['my <report>;"$(rm -rf)".pdf', 'my _report____(rm -rf)_.pdf'],
    ['a/b<i>.pdf', 'b_i_.pdf'],
    ['résumé 2025.pdf', 'résumé 2025.pdf'],
    ['line\nbreak\u0000.png', 'line_break_.png'],
    ['.pdf', 'pdf'],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('bounds the length and keeps the extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(500)}.xlsx`);
    expect(name.length).toBeLessThanOrEqual(120);
    expect(name.endsWith('.xlsx')).toBe(true);
  });
});

describe('isAllowedExtension', () => {
  it('accepts the spec list in any case and refuses the rest', () => {
    for (const name of [
      'a.jpg',
      'a.JPEG',
      'a.png',
      'a.svg',
      'a.pdf',
      'a.doc',
      'a.docx',
      'a.xlsx',
      'a.xls',
      'a.ppt',
      'a.pptx',
    ]) {
      expect(isAllowedExtension(name)).toBe(true);
    }
    for (const name of ['a.exe', 'a.html', 'a.js', 'a.zip', 'a', 'a.pdf.exe', 'pdf']) {
      expect(isAllowedExtension(name)).toBe(false);
    }
  });
});

describe('sniffFile', () => {
  it.each(goodUploads.map((upload) => [upload.name, upload.bytes] as const))(
    'accepts a genuine %s',
    async (name, bytes) => {
      await expect(sniff(name, bytes)).resolves.toMatchObject({ ok: true });
    },
  );

  it.each([
    ['a PNG named .pdf', 'report.pdf', samples.png],
    ['HTML named .png', 'image.png', samples.html],
    ['an executable named .docx', 'notes.docx', samples.exe],
    ['HTML named .svg', 'logo.svg', samples.html],
    ['a PNG named .svg', 'logo.svg', samples.png],
    [
      'an XML document that is no SVG named .svg',
      'logo.svg',
      Buffer.from('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><svg/></html>'),
    ],
    [
      'an SVG whose doctype declares entities',
      'logo.svg',
      Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>'),
    ],
    ['a Word zip named .xlsx', 'sheet.xlsx', samples.docx],
    ['a PDF named .doc', 'notes.doc', samples.pdf],
    ['an empty file named .jpg', 'empty.jpg', Buffer.alloc(0)],
  ])('refuses %s', async (_label, name, bytes) => {
    await expect(sniff(name, bytes)).resolves.toMatchObject({ ok: false });
  });

  it('reports the content type from the extension that matched', async () => {
    await expect(sniff('a.docx', samples.docx)).resolves.toEqual({
      ok: true,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await expect(sniff('a.svg', samples.svg)).resolves.toEqual({ ok: true, contentType: 'image/svg+xml' });
  });
});
