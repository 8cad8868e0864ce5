// `client.files`: the upload plugin's routes. Uploads are multipart (FormData), from a Blob or File
// (browsers, Node 20+) or bytes with a file name and type.
import type { UploadFile } from './models.js';
import type { HttpClient } from './http.js';
import { queryString } from './query.js';
import type { Filters, Sort } from '@cms-gen/types';
import type { ContentTypes } from './content-types.js';

type FileUid = 'plugin::upload.file';

/** What a file record's editable metadata is. */
export interface FileInfo {
  name?: string;
  alternativeText?: string | null;
  caption?: string | null;
}

export interface FileQuery {
  filters?: Filters<ContentTypes, FileUid>;
  sort?: Sort<ContentTypes, FileUid>;
}

/** A file to upload: a Blob/File, or bytes (then `filename` and `mimetype` say what they are). */
export type UploadInput = Blob | Uint8Array;

export interface UploadOptions {
  /** Required for bytes; a File's own name is used otherwise. */
  filename?: string;
  mimetype?: string;
  fileInfo?: FileInfo;
}

export class FilesManager {
  constructor(private readonly http: HttpClient) {}

  /** POST /upload: one or more files; answers the created records. */
  upload(files: UploadInput | readonly UploadInput[], options: UploadOptions = {}): Promise<UploadFile[]> {
    const form = new FormData();
    const list = Array.isArray(files) ? (files as readonly UploadInput[]) : [files as UploadInput];
    for (const file of list) {
      if (file instanceof Blob) {
        const name = options.filename ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'file');
        form.append('files', file, name);
      } else {
        if (options.filename === undefined) throw new TypeError('uploading bytes needs options.filename');
        // Copied into an ArrayBuffer-backed view: Blob takes no SharedArrayBuffer-backed one.
        form.append('files', new Blob([new Uint8Array(file)], { type: options.mimetype ?? 'application/octet-stream' }), options.filename);
      }
    }
    if (options.fileInfo !== undefined) form.append('fileInfo', JSON.stringify(options.fileInfo));
    return this.http.request('POST', '/upload', form);
  }

  /** GET /upload/files: every file matching (a bare list, as Strapi answers it). */
  find(query?: FileQuery): Promise<UploadFile[]> {
    return this.http.request('GET', `/upload/files${queryString(query)}`);
  }

  /** GET /upload/files/:id. */
  findOne(id: number): Promise<UploadFile> {
    return this.http.request('GET', `/upload/files/${id}`);
  }

  /** POST /upload?id=… with the new metadata. */
  update(id: number, fileInfo: FileInfo): Promise<UploadFile> {
    const form = new FormData();
    form.append('fileInfo', JSON.stringify(fileInfo));
    return this.http.request('POST', `/upload${queryString({ id })}`, form);
  }

  /** DELETE /upload/files/:id: answers the deleted record. */
  delete(id: number): Promise<UploadFile> {
    return this.http.request('DELETE', `/upload/files/${id}`);
  }
}
