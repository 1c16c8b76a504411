import type { Readable } from 'node:stream';

/** What is known about one stored upload; the bytes live in the store under `id`. */
export interface StoredFile {
  readonly id: string;
  /** Sanitised original name, for the team's download only; never used as a storage path. */
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  readonly uploadedAt: Date;
}

export interface NewFile {
  readonly name: string;
  readonly contentType: string;
}

/** Uploaded files: bytes streamed in and out, never held whole in memory. */
export interface FileRepository {
  /** Streams bytes into the store; a failed or aborted source leaves nothing behind. */
  save(source: Readable, file: NewFile): Promise<StoredFile>;
  /** null when no such file exists (unknown or malformed id). */
  open(id: string): Promise<{ readonly file: StoredFile; readonly stream: Readable } | null>;
  /** Oldest first. */
  list(): Promise<StoredFile[]>;
  /** Nothing happens for an unknown or malformed id. */
  delete(id: string): Promise<void>;
  /** The bytes of every stored file together (the uploads' storage quota). */
  totalBytes(): Promise<number>;
}
