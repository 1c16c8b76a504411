import type { NewContentImage } from '../../src/records/content-images';
import { recordContract } from '../helpers/record-suite';

// Issue 28's uploaded content images, on both backends: a WebP file per declared width, read back
// byte for byte; the sweep's candidates oldest first; an image deleted with every width of it.

const day = (date: number) => new Date(Date.UTC(2026, 10, date, 9));
/** Every byte value, so an encoding that mangles any of them (or stops at a zero) fails. */
const bytesOf = (seed: number, length: number) =>
  Buffer.from(Array.from({ length }, (_, index) => (index + seed) % 256));

const image = (id: string, uploadedAt: Date, widths: readonly number[]): NewContentImage => ({
  id,
  width: 1200,
  height: 800,
  uploadedBy: 'editor@example.org',
  uploadedAt,
  files: widths.map((name, index) => ({ name, file: { width: name, bytes: bytesOf(index, 700) } })),
});

recordContract('content image record', (store) => {
  it('answers each stored width byte for byte, and null for a width or an image it does not hold', async () => {
    const images = store().contentImages;
    await images.save(image('img_A-1', day(1), [320, 640]));
    expect(await images.file('img_A-1', 320)).toEqual(bytesOf(0, 700));
    expect(await images.file('img_A-1', 640)).toEqual(bytesOf(1, 700));
    expect(Buffer.isBuffer(await images.file('img_A-1', 640))).toBe(true);
    expect(await images.file('img_A-1', 1280)).toBeNull();
    expect(await images.file('img_B-2', 320)).toBeNull();
  });

  it('lists the images uploaded before a time once each, oldest first', async () => {
    const images = store().contentImages;
    await images.save(image('newest', day(20), [320]));
    await images.save(image('oldest', day(2), [320, 640, 1280]));
    await images.save(image('middle', day(10), [640]));
    expect(await images.uploadedBefore(day(15))).toEqual(['oldest', 'middle']);
    expect(await images.uploadedBefore(day(2))).toEqual([]);
  });

  it('deletes an image with every width, leaves an image whose id begins the same, and deletes a gone one quietly', async () => {
    const images = store().contentImages;
    await images.save(image('abc', day(1), [320, 640]));
    await images.save(image('abcd', day(1), [320]));
    await images.delete('abc');
    expect(await images.file('abc', 320)).toBeNull();
    expect(await images.file('abc', 640)).toBeNull();
    expect(await images.file('abcd', 320)).toEqual(bytesOf(0, 700));
    expect(await images.uploadedBefore(day(2))).toEqual(['abcd']);
    await expect(images.delete('abc')).resolves.toBeUndefined();
  });
});
