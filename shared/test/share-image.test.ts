/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { renderShareImage } from '@wpc/shared/build/share-image.cjs';
import { SHARE_IMAGE } from '../../test-support/spec/public-web';

const illustration = fs.readFileSync(path.join(__dirname, '../../shell/public/favicon.svg'), 'utf8');
const input = { title: 'Scorecard FAQ', siteName: 'Wildfire Prevention Consortium', illustration };

describe('share images', () => {
  it('are 1200x630 PNGs', async () => {
    const png = await renderShareImage(input);
    // The PNG signature, then the IHDR chunk's width and height (the e2e suite decodes whole images).
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual(SHARE_IMAGE);
  });

  it('are drawn the same, byte for byte, from the same title and illustration', async () => {
    const [first, second] = [await renderShareImage(input), await renderShareImage(input)];
    expect(Buffer.compare(first, second)).toBe(0);
    const other = await renderShareImage({ ...input, title: 'Scorecard Instructions' });
    expect(Buffer.compare(first, other)).not.toBe(0);
  });
});
