// Names the storage layout derives must not clash: tables (content types, components, link
// tables, files_related), columns within a table, and Prisma model names. Long identifiers are
// shortened where they are derived (storage-names.ts), so none exceeds PostgreSQL's limit.
import {
  componentModelName,
  contentTypeModelName,
  FILES_RELATED_MODEL,
  linkModelName,
  morphModelName,
  RESERVED_MODEL_NAMES,
} from '../emitters/prisma-names';
import { attributePath, type Report } from '../problems';
import {
  attributeColumn,
  COMPONENT_SYSTEM_COLUMNS,
  CONTENT_TYPE_SYSTEM_COLUMNS,
  FILES_RELATED_TABLE,
  linkTableName,
  morphTableName,
} from '../storage-names';
import { holders, type CheckContext, type Holder } from './check-context';

/** First claimant of each name; later claimants are reported. Keys compare case-insensitively
 * for tables (MySQL on macOS/Windows folds table names). */
class NameRegistry {
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly what: string,
    private readonly fold: (name: string) => string,
  ) {}

  claim(name: string, owner: string, report: Report, path: string): void {
    const key = this.fold(name);
    const existing = this.owners.get(key);
    if (existing === undefined) this.owners.set(key, owner);
    else report(path, `${this.what} "${name}" is already used by ${existing}`);
  }
}

function holderModelName(holder: Holder): string {
  return holder.role === 'contentType'
    ? contentTypeModelName(holder.definition.uid, holder.definition.singularName)
    : componentModelName(holder.definition.uid);
}

function checkColumns(holder: Holder, report: Report): void {
  const system = holder.role === 'contentType' ? CONTENT_TYPE_SYSTEM_COLUMNS : COMPONENT_SYSTEM_COLUMNS;
  const columns = new Map<string, string>();
  for (const attribute of holder.definition.attributes) {
    if (attribute.kind !== 'scalar') continue;
    const column = attributeColumn(attribute.name, system);
    const path = attributePath(attribute.name);
    const existing = columns.get(column);
    if (existing !== undefined) report(path, `column "${column}" is already used by attribute "${existing}"`);
    else columns.set(column, attribute.name);
  }
}

export function checkStorageNames(ctx: CheckContext): void {
  const tables = new NameRegistry('table', (name) => name.toLowerCase());
  const models = new NameRegistry('Prisma model name', (name) => name);
  const noReport: Report = () => undefined;
  const singularNames = new Set<string>();
  tables.claim(FILES_RELATED_TABLE, 'the media links of every type', noReport, '');
  models.claim(FILES_RELATED_MODEL, 'the media links of every type', noReport, '');
  for (const holder of holders(ctx)) {
    const { definition } = holder;
    const report = ctx.problems.at(definition.file);
    const modelPath = holder.role === 'contentType' ? 'info.singularName' : '';
    const modelName = holderModelName(holder);
    if (definition.collectionName) tables.claim(definition.collectionName, definition.uid, report, 'collectionName');
    // Two types with one singularName also share a model name; names.ts reports that already.
    const repeatedName = holder.role === 'contentType' && singularNames.has(holder.definition.singularName);
    if (holder.role === 'contentType') singularNames.add(holder.definition.singularName);
    if (RESERVED_MODEL_NAMES.includes(modelName)) report(modelPath, `Prisma model name "${modelName}" is reserved by Prisma`);
    else if (!repeatedName) models.claim(modelName, definition.uid, report, modelPath);
    checkColumns(holder, report);
    for (const attribute of definition.attributes) {
      const owning = attribute.kind === 'relation' ? attribute.mappedBy === undefined && (!attribute.unexposed || (holder.role === 'contentType' && attribute.target === 'admin::user')) : attribute.kind === 'morph' && attribute.target === undefined;
      if (!owning || !definition.collectionName) continue;
      const path = attributePath(attribute.name);
      const owner = `the link table of ${definition.uid}.${attribute.name}`;
      const table = (attribute.kind === 'morph' ? morphTableName : linkTableName)(definition.collectionName, attribute.name);
      tables.claim(table, owner, report, path);
      models.claim((attribute.kind === 'morph' ? morphModelName : linkModelName)(modelName, attribute.name), owner, report, path);
    }
  }
}
