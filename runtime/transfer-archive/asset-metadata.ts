// The rules `strapi import` applies to each `assets/metadata/<filename>.json` before it touches the
// destination: an archive that breaks them is refused whole. The writer checks them too, so what it
// writes is accepted.
import { TransferArchiveError } from './errors';
import type { AssetMetadata } from './types';

export const assetFilename = (metadata: Pick<AssetMetadata, 'hash' | 'ext'>): string => `${metadata.hash}${metadata.ext ?? ''}`;

/** The problems Strapi would find, or an empty list. */
export function assetMetadataProblems(value: unknown, filename?: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['the sidecar is not a JSON object'];
  const file = value as Record<string, unknown>;
  const invalid: string[] = [];
  if (!Number.isInteger(file.id) || (file.id as number) <= 0) invalid.push('id');
  if (typeof file.size !== 'number' || !Number.isFinite(file.size) || file.size < 0) invalid.push('size');
  for (const field of ['name', 'hash', 'mime', 'url']) {
    if (typeof file[field] !== 'string' || (file[field] as string).length === 0) invalid.push(field);
  }
  for (const field of ['ext', 'type', 'mainHash']) {
    if (file[field] != null && typeof file[field] !== 'string') invalid.push(field);
  }
  if (invalid.length) return [`invalid required fields: ${invalid.join(', ')}`];
  if (filename !== undefined && filename !== assetFilename(file as unknown as AssetMetadata)) {
    return [`its hash and ext ("${assetFilename(file as unknown as AssetMetadata)}") do not name the upload "${filename}"`];
  }
  return [];
}

export function validateAssetMetadata(value: unknown, filename: string): AssetMetadata {
  const problems = assetMetadataProblems(value, filename);
  if (problems.length) throw new TransferArchiveError('INVALID_ASSET', `The metadata of asset "${filename}" would be refused by strapi import: ${problems.join('; ')}.`);
  return value as AssetMetadata;
}
