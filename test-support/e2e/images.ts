import sharp from 'sharp';

/** A plain PNG of that size, as a photo a person would upload. */
export const pngOf = (width: number, height: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 194, g: 65, b: 12 } } })
    .png()
    .toBuffer();

/** What an image file is, read from its bytes. */
export async function imageFacts(bytes: Buffer): Promise<{ format?: string; width?: number; height?: number }> {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
}
