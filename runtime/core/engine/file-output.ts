// The one hook the read path offers the upload plugin: File records (`plugin::upload.file`) pass
// through it on their way out wherever they are read (listed, found, populated as media), so a
// private storage provider can sign their URLs without the engine knowing about storage.
import type { ReadEnv } from './read-env';
import { FILE_UID, type Shape } from '../model/schema-index';
import type { Document } from './types';

export type { FileOutputHook } from './read-env';


/** Runs the File output hook when `shape` is the File type. */
export async function applyFileOutput(env: ReadEnv, shape: Shape, docs: Document[]): Promise<void> {
  if (env.fileOutput && shape.uid === FILE_UID && docs.length > 0) await env.fileOutput(docs);
}
