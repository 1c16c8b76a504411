/** One width of an uploaded image, as WebP bytes. */
export interface ImageFile {
  readonly width: number;
  readonly bytes: Buffer;
}

/** An image the team uploaded for content: checked, resized into its field's widths, re-encoded. */
export interface NewContentImage {
  readonly id: string;
  /** The original's size (after rotation): what the page's <img> declares. */
  readonly width: number;
  readonly height: number;
  readonly uploadedBy: string;
  readonly uploadedAt: Date;
  /** Under the declared widths' names (never upscaled: a narrower original is stored at its own width). */
  readonly files: readonly { readonly name: number; readonly file: ImageFile }[];
}

/** Uploaded content images; immutable: an image's bytes never change under its id. */
export interface ContentImageRepository {
  save(image: NewContentImage): Promise<void>;
  /** The WebP bytes stored under a declared width, or null. */
  file(id: string, width: number): Promise<Buffer | null>;
  /** The ids of the images uploaded before `before`, oldest first (the unused-image sweep's candidates). */
  uploadedBefore(before: Date): Promise<string[]>;
  /** Deletes an image with every width of it; nothing when it is gone already. */
  delete(id: string): Promise<void>;
}
