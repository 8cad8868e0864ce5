// `fileInfo` form fields: a JSON object (name, alternativeText, caption) per file. Clients send one
// JSON string, a JSON array (one entry per file, in order), or one field per file (Strapi's admin
// does that); bracket fields (`fileInfo[name]`) arrive already as objects.
import { ValidationError } from '@cms-gen/core/errors';

export interface FileInfo {
  name?: string | null;
  alternativeText?: string | null;
  caption?: string | null;
}

const KEYS = ['name', 'alternativeText', 'caption'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function invalid(message: string, path: (string | number)[]): ValidationError {
  return new ValidationError(message, { errors: [{ path, message, name: 'ValidationError' }] });
}

function parseJson(text: string, path: (string | number)[]): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw invalid(`fileInfo must be valid JSON: ${(err as Error).message}`, path);
  }
}

/** `value` is a form field (a JSON string, or an object from bracket fields) or an already parsed entry. */
function toFileInfo(value: unknown, path: (string | number)[], parsedJson = false): FileInfo {
  const parsed = typeof value === 'string' && !parsedJson ? parseJson(value, path) : value;
  if (parsed === null || parsed === undefined) return {};
  if (!isRecord(parsed)) throw invalid('fileInfo must be an object with name, alternativeText and caption', path);
  const info: FileInfo = {};
  for (const [key, field] of Object.entries(parsed)) {
    if (!(KEYS as readonly string[]).includes(key)) throw invalid(`fileInfo has an unknown key: ${key}`, [...path, key]);
    if (field !== null && field !== undefined && typeof field !== 'string' && typeof field !== 'number') {
      throw invalid(`fileInfo.${key} must be a string`, [...path, key]);
    }
    info[key as (typeof KEYS)[number]] = field === null || field === undefined ? null : String(field);
  }
  return info;
}

/** One FileInfo per uploaded file (missing entries are empty). */
export function parseFileInfos(raw: unknown, fileCount: number): FileInfo[] {
  let entries: unknown[];
  let parsedJson = false;
  if (raw === undefined || raw === null || raw === '') entries = [];
  else if (Array.isArray(raw)) entries = raw;
  else if (typeof raw === 'string') {
    const parsed = parseJson(raw, ['fileInfo']);
    entries = Array.isArray(parsed) ? parsed : [parsed];
    parsedJson = true;
  } else entries = [raw];
  if (entries.length > fileCount) throw invalid(`fileInfo has ${entries.length} entries for ${fileCount} file(s)`, ['fileInfo']);
  return Array.from({ length: fileCount }, (_, i) => toFileInfo(entries[i], entries.length > 1 || fileCount > 1 ? ['fileInfo', i] : ['fileInfo'], parsedJson));
}

/** The fileInfo of a fileInfo update (`POST /upload?id=`). */
export function parseFileInfo(raw: unknown): FileInfo {
  if (Array.isArray(raw)) {
    if (raw.length !== 1) throw invalid('fileInfo must be one object when updating a file', ['fileInfo']);
    return toFileInfo(raw[0], ['fileInfo']);
  }
  return toFileInfo(raw, ['fileInfo']);
}
