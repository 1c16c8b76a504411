export declare const SHARE_IMAGE_SIZE: { readonly width: number; readonly height: number };
export declare function renderShareImage(input: {
  readonly title: string;
  readonly siteName: string;
  readonly illustration: string;
}): Promise<Buffer>;
export declare function writeHashed(outDir: string, name: string, png: Buffer): string;
