import type { Readable } from 'node:stream';

/** A stored object, opened for reading. */
export interface StoredObject {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live. Names are chosen by the server (`<uuid>.<ext>`), never by a client.
 * The disk back end is the default; an S3-compatible one (when S3_BUCKET is set) implements the
 * same four calls.
 */
export interface Storage {
  /**
   * Stores body under name. All or nothing: if body fails (an error, a size limit) nothing is left
   * behind and the error is passed on. Returns the number of bytes stored.
   */
  put(name: string, body: Readable | Buffer, mime: string): Promise<{ size: number }>;
  /** The object, or null when there is none. */
  get(name: string): Promise<StoredObject | null>;
  exists(name: string): Promise<boolean>;
  /** Removes the object; no error when it is already gone. */
  delete(name: string): Promise<void>;
  /** At start: makes ready what the back end needs (the disk's private folder). */
  prepare?(): Promise<void>;
  /** When the app (or the tool) closes: lets go of what the back end holds (an S3 client's connections). */
  close?(): Promise<void>;
}
