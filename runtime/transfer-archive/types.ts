// The records of a Strapi 5 data-transfer archive (`strapi export` / `strapi import`), as Strapi 5.54
// writes them. docs/transfer-format.md describes each one with examples.

/** A JSON value as it appears in the archive's JSON files. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** `metadata.json`: written last in the tar by Strapi, read first by every reader. */
export interface ArchiveMetadata {
  /** ISO time the export ran. */
  createdAt: string;
  strapi: { version: string };
  [key: string]: JsonValue | undefined;
}

/**
 * One line of `schemas/schemas_NNNNN.jsonl`: a content type or component as Strapi holds it in memory
 * (attributes it adds itself, such as `createdAt`, `publishedAt`, `locale` and `localizations`, included),
 * limited to these keys.
 */
export interface SchemaRecord {
  uid: string;
  modelType: 'contentType' | 'component';
  modelName: string;
  globalId: string;
  collectionName?: string;
  /** `collectionType` or `singleType`; components have none. */
  kind?: 'collectionType' | 'singleType';
  /** `admin`, `upload`, `i18n`… for plugin and admin types. */
  plugin?: string;
  info: JsonObject;
  options?: JsonObject;
  pluginOptions?: JsonObject;
  attributes: { [name: string]: JsonObject };
}

/**
 * One line of `entities/entities_NNNNN.jsonl`: one database row of a content type (so one version of a
 * document: a draft and a published row are two entities sharing `data.documentId`). `data` holds
 * every column by attribute name except `id` and relations (those are links); components and dynamic
 * zones are nested in it with their own row `id` (and `__component` in a dynamic zone).
 */
export interface EntityRecord {
  type: string;
  id: number;
  data: EntityData;
}

export interface EntityData {
  documentId?: string;
  locale?: string | null;
  publishedAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
  [attribute: string]: JsonValue | undefined;
}

/** One side of a link. `ref` is a row id, except on the right of `localizations` links (a documentId). */
export interface LinkEnd {
  type: string;
  ref: number | string;
  /** The attribute on this side; absent on the right of a one-way relation. */
  field?: string;
  /** The order column's value in the join table, when there is one. */
  pos?: number;
}

export type LinkKind = 'relation.basic' | 'relation.circular' | 'relation.morph';

/** One line of `links/links_NNNNN.jsonl`: one relation row, as seen from its owning side (`left`). */
export interface LinkRecord {
  kind: LinkKind;
  relation: string;
  left: LinkEnd;
  right: LinkEnd;
}

/** A `strapi::core-store` row; `value` is the parsed JSON of the stored string. */
export interface CoreStoreRow {
  id: number;
  key: string;
  value: JsonValue;
  type: string | null;
  environment: string | null;
  tag: string | null;
}

/** A `strapi::webhook` row. */
export interface WebhookRow {
  id: number;
  name: string;
  url: string;
  headers: JsonObject;
  events: string[];
  enabled: boolean;
  [key: string]: JsonValue;
}

/** One line of `configuration/configuration_NNNNN.jsonl`. */
export type ConfigurationRecord = { type: 'core-store'; value: CoreStoreRow } | { type: 'webhook'; value: WebhookRow };

/**
 * `assets/metadata/<filename>.json`: the `plugin::upload.file` row of a file, or for a format
 * (thumbnail, small…) the format's entry plus `type` (the format's name), `id` and `mainHash` (the
 * file's). `strapi import` refuses a sidecar without a positive integer `id`, a finite `size` ≥ 0,
 * non-empty `name`, `hash`, `mime`, `url`, or whose `hash + ext` is not the upload's file name.
 */
export interface AssetMetadata {
  id: number;
  name: string;
  hash: string;
  ext?: string | null;
  mime: string;
  url: string;
  /** In kilobytes, as the upload plugin stores it. */
  size: number;
  /** The format's name for a format file; absent on the original. */
  type?: string | null;
  /** The original file's hash, on a format file. */
  mainHash?: string | null;
  [key: string]: JsonValue | undefined;
}

/** An asset read from an archive: `stream` must be consumed (or is skipped) before the next one. */
export interface ArchiveAsset {
  /** The name in `assets/uploads/`: the file's `hash + ext`. */
  filename: string;
  metadata: AssetMetadata;
  /** Bytes in the archive. */
  size: number;
  stream: NodeJS.ReadableStream & AsyncIterable<Buffer>;
}

/** An asset to write: the content as a Buffer, or a stream of exactly `size` bytes. */
export interface AssetInput {
  metadata: AssetMetadata;
  /** Defaults to `metadata.hash + metadata.ext`, the name Strapi gives it. */
  filename?: string;
  content: Buffer | { stream: NodeJS.ReadableStream | AsyncIterable<Uint8Array>; size: number };
}

/** The five kinds of JSONL stages, by their folder name in the archive. */
export type JsonlStage = 'schemas' | 'entities' | 'links' | 'configuration';

export interface StageRecords {
  schemas: SchemaRecord;
  entities: EntityRecord;
  links: LinkRecord;
  configuration: ConfigurationRecord;
}

/** How the archive's bytes are wrapped around the tar. */
export interface ArchiveLayers {
  compressed: boolean;
  encrypted: boolean;
}
