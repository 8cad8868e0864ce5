// An archive's content as comparable values: entities and links as sorted canonical JSON (key order
// and record order aside), assets as metadata plus a hash of the bytes, the configuration the
// transfer carries (users & permissions settings, the default locale).
import { createHash } from 'node:crypto';
import { openArchive } from '@cms-gen/transfer-archive';

const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
        )
      : value;

export interface ArchiveRecords {
  entities: string[];
  links: string[];
  assets: Record<string, { metadata: unknown; sha256: string; size: number }>;
  configuration: Record<string, unknown>;
}

export const CARRIED_CONFIGURATION = /^(plugin_users-permissions_(advanced|email|grant)|plugin_i18n_default_locale)$/;

export async function archiveRecords(path: string, key?: string): Promise<ArchiveRecords> {
  const archive = await openArchive(path, { key });
  const entities: string[] = [];
  for await (const record of archive.entities()) entities.push(JSON.stringify(canonical(record)));
  const links: string[] = [];
  for await (const record of archive.links()) links.push(JSON.stringify(canonical(record)));
  const assets: ArchiveRecords['assets'] = {};
  for await (const asset of archive.assets()) {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of asset.stream) {
      hash.update(chunk);
      size += chunk.length;
    }
    assets[asset.filename] = { metadata: canonical(asset.metadata), sha256: hash.digest('hex'), size };
  }
  const configuration: Record<string, unknown> = {};
  for await (const record of archive.configuration()) {
    if (record.type === 'core-store' && CARRIED_CONFIGURATION.test(record.value.key)) configuration[record.value.key] = canonical(record.value.value);
  }
  return { entities: entities.sort(), links: links.sort(), assets, configuration };
}
