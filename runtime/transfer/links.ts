// Archive links → the app's link rows. Strapi's links join two rows; the app's join an owner row to
// a target *document* (documentId, locale), so each target row is looked up (by its original id,
// which the import kept) once per batch of links. Media links (the file's `related` morph) become
// `files_related` rows. `localizations` links are Strapi's own bookkeeping and carry nothing.
import { MEDIA_MORPH } from './schema-compare';
import { dialectFor, encodeValue, LINK_TARGET_IS_DRAFT, type Attribute, type Db, type LinkRecord, type SchemaMeta, type SqlValue } from './runtime-deps';
import type { RowSink } from './row-batch';

const LINKS_PER_BATCH = 1000;

export interface LinkContext {
  db: Db;
  schema: SchemaMeta;
  importable: Map<string, Set<string>>;
  batch: RowSink;
  /** Link tables written that have `target_is_draft` (merged at the end). */
  versionTables: Set<string>;
  /** Link tables where one owner row may have been linked to both versions of a target (deduplicated at the end). */
  bothVersionTables?: Set<string>;
}

export interface LinkCounts {
  written: number;
  skipped: number;
  /** Why links were skipped: reason → count. */
  reasons: Map<string, number>;
}

interface TargetRow {
  documentId: string;
  locale: string | null;
  isDraft: boolean;
}

function attributeOf(schema: SchemaMeta, uid: string, field: string | undefined): Attribute | undefined {
  if (!field) return undefined;
  return (schema.contentTypes[uid] ?? schema.components[uid])?.attributes[field];
}

/** Each link's plan: which table, which owner row, which target (looked up by row id). */
type Plan =
  | { kind: 'media'; fileId: number; relatedType: string; relatedId: number; field: string; position: number }
  | { kind: 'relation'; table: string; sourceId: number; targetType: string; targetId: number; position: number; inversePosition: number; versions: boolean; bothVersions: boolean }
  | { kind: 'morph'; table: string; sourceId: number; targetType: string; targetId: number; position: number; bothVersions: boolean };

export class LinkWriter {
  private pending: Plan[] = [];
  readonly counts: LinkCounts = { written: 0, skipped: 0, reasons: new Map() };

  constructor(
    private readonly ctx: LinkContext,
    /** A dry run plans each link and looks nothing up. */
    private readonly dryRun = false,
  ) {}

  private skip(reason: string): void {
    this.counts.skipped += 1;
    this.counts.reasons.set(reason, (this.counts.reasons.get(reason) ?? 0) + 1);
  }

  private allowed(uid: string, field: string | undefined): boolean {
    return field !== undefined && (this.ctx.importable.get(uid)?.has(field) ?? false);
  }

  private plan(link: LinkRecord): Plan | string {
    const { schema } = this.ctx;
    const { left, right } = link;
    if (left.field === 'localizations') return '';
    if (left.type === MEDIA_MORPH.type && left.field === MEDIA_MORPH.field) {
      const attribute = attributeOf(schema, right.type, right.field);
      if (!attribute || attribute.kind !== 'media' || !this.allowed(right.type, right.field)) return `media of ${right.type}.${right.field ?? '?'} (not imported)`;
      return { kind: 'media', fileId: Number(left.ref), relatedType: right.type, relatedId: Number(right.ref), field: right.field as string, position: right.pos ?? 1 };
    }
    let owner = left;
    let other = right;
    let attribute = attributeOf(schema, left.type, left.field);
    if (attribute && (attribute.kind === 'relation' || attribute.kind === 'morph') && !attribute.owner) {
      // The app owns this relation from the other side.
      const inverse = attributeOf(schema, right.type, right.field);
      if (!inverse || inverse.kind !== attribute.kind || !inverse.owner) return `${left.type}.${left.field} (no owning side in the app)`;
      owner = right;
      other = left;
      attribute = inverse;
    }
    if (!attribute || !this.allowed(owner.type, owner.field)) return `${left.type}.${left.field ?? '?'} (not imported)`;
    if (typeof other.ref !== 'number' || typeof owner.ref !== 'number') return `${left.type}.${left.field} (not a row reference)`;
    // An owner row that holds both versions (no draft & publish, or a component) links in Strapi to
    // each version of a draft & publish target; the app keeps one link to the document.
    const bothVersions = !schema.contentTypes[owner.type]?.draftAndPublish && schema.contentTypes[other.type]?.draftAndPublish === true;
    if (attribute.kind === 'relation') {
      if (!schema.contentTypes[other.type]) return `${left.type}.${left.field} (target ${other.type} not imported)`;
      return {
        kind: 'relation',
        table: attribute.linkTable,
        sourceId: owner.ref,
        targetType: other.type,
        targetId: other.ref,
        position: owner.pos ?? 1,
        inversePosition: other.pos ?? 1,
        versions: attribute.targetVersions === true,
        bothVersions: bothVersions && attribute.targetVersions !== true,
      };
    }
    if (attribute.kind === 'morph') {
      if (!schema.contentTypes[other.type]) return `${left.type}.${left.field} (target ${other.type} not imported)`;
      return { kind: 'morph', table: attribute.linkTable, sourceId: owner.ref, targetType: other.type, targetId: other.ref, position: owner.pos ?? other.pos ?? 1, bothVersions };
    }
    return `${left.type}.${left.field} (not a relation in the app)`;
  }

  async add(link: LinkRecord): Promise<void> {
    const plan = this.plan(link);
    if (typeof plan === 'string') {
      if (plan) this.skip(plan);
      return;
    }
    this.pending.push(plan);
    if (this.pending.length >= LINKS_PER_BATCH) await this.flush();
  }

  /** The target rows of the pending links, by type and id. */
  private async targets(plans: Plan[]): Promise<Map<string, Map<number, TargetRow>>> {
    const { db, schema } = this.ctx;
    const q = dialectFor(db.dialect).quote;
    const wanted = new Map<string, Set<number>>();
    for (const p of plans) if (p.kind !== 'media') (wanted.get(p.targetType) ?? wanted.set(p.targetType, new Set()).get(p.targetType)!).add(p.targetId);
    const out = new Map<string, Map<number, TargetRow>>();
    for (const [type, ids] of wanted) {
      const meta = schema.contentTypes[type];
      const list = [...ids];
      const rows = new Map<number, TargetRow>();
      for (let i = 0; i < list.length; i += 500) {
        const chunk = list.slice(i, i + 500);
        const found = await db.query(
          `SELECT id, document_id, ${meta.localized ? 'locale' : 'NULL AS locale'}, is_draft FROM ${q(meta.table)} WHERE id IN (${chunk.map(() => '?').join(', ')})`,
          chunk,
        );
        for (const r of found) rows.set(Number(r.id), { documentId: String(r.document_id), locale: (r.locale as string | null) ?? null, isDraft: r.is_draft === true || Number(r.is_draft) === 1 });
      }
      out.set(type, rows);
    }
    return out;
  }

  async flush(): Promise<void> {
    const plans = this.pending;
    this.pending = [];
    if (plans.length === 0) return;
    if (this.dryRun) {
      this.counts.written += plans.length;
      return;
    }
    const { batch, db } = this.ctx;
    const targets = await this.targets(plans);
    for (const p of plans) {
      if (p.kind === 'media') {
        await batch.add('files_related', new Map<string, SqlValue>([
          ['file_id', p.fileId],
          ['related_type', p.relatedType],
          ['related_id', p.relatedId],
          ['field', p.field],
          ['position', p.position],
        ]));
        this.counts.written += 1;
        continue;
      }
      const target = targets.get(p.targetType)?.get(p.targetId);
      if (!target) {
        this.skip(`links to missing ${p.targetType} rows`);
        continue;
      }
      if (p.bothVersions) this.ctx.bothVersionTables?.add(p.table);
      if (p.kind === 'relation') {
        const row = new Map<string, SqlValue>([
          ['source_id', p.sourceId],
          ['target_document_id', target.documentId],
          ['target_locale', target.locale],
          ['position', p.position],
          ['inverse_position', p.inversePosition],
        ]);
        if (p.versions) {
          row.set(LINK_TARGET_IS_DRAFT, encodeValue('boolean', target.isDraft, db.dialect));
          this.ctx.versionTables.add(p.table);
        }
        await batch.add(p.table, row);
      } else {
        await batch.add(p.table, new Map<string, SqlValue>([
          ['source_id', p.sourceId],
          ['target_type', p.targetType],
          ['target_document_id', target.documentId],
          ['target_locale', target.locale],
          ['position', p.position],
        ]));
      }
      this.counts.written += 1;
    }
  }
}

/**
 * An owner without draft & publish links to both versions of a draft & publish target in Strapi (two
 * rows); the app keeps one link with `target_is_draft` NULL for that. A link to one version only
 * keeps TRUE (the draft) or FALSE (the published version).
 */
export async function mergeVersionLinks(db: Db, tables: Iterable<string>): Promise<void> {
  const q = dialectFor(db.dialect).quote;
  const col = q(LINK_TARGET_IS_DRAFT);
  for (const table of tables) {
    const t = q(table);
    // MySQL cannot name the updated table in a subquery: the pairs are read first.
    const pairs = await db.query(
      `SELECT d.id AS keep_id, p.id AS drop_id FROM ${t} d JOIN ${t} p ON p.source_id = d.source_id AND p.target_document_id = d.target_document_id AND (p.target_locale = d.target_locale OR (p.target_locale IS NULL AND d.target_locale IS NULL)) WHERE d.${col} = TRUE AND p.${col} = FALSE`,
    );
    await byIds(db, `UPDATE ${t} SET ${col} = NULL`, pairs.map((pair) => pair.keep_id as SqlValue));
    await byIds(db, `DELETE FROM ${t}`, pairs.map((pair) => pair.drop_id as SqlValue));
  }
}

/** Runs `statement WHERE id IN (…)` over the ids, 500 at a time (statements stay under drivers' parameter limits). */
async function byIds(db: Db, statement: string, ids: SqlValue[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.execute(`${statement} WHERE id IN (${chunk.map(() => '?').join(', ')})`, chunk);
  }
}

/**
 * One link per owner row and target document where Strapi had one per target version (owners
 * without draft & publish, components): the first one written is kept, with its positions.
 */
export async function dropVersionDuplicates(db: Db, tables: Iterable<string>, morph: (table: string) => boolean): Promise<void> {
  const q = dialectFor(db.dialect).quote;
  for (const table of tables) {
    const t = q(table);
    const sameType = morph(table) ? ' AND b.target_type = a.target_type' : '';
    const rows = await db.query(
      `SELECT DISTINCT b.id FROM ${t} a JOIN ${t} b ON b.source_id = a.source_id AND b.target_document_id = a.target_document_id AND (b.target_locale = a.target_locale OR (b.target_locale IS NULL AND a.target_locale IS NULL))${sameType} AND b.id > a.id`,
    );
    await byIds(db, `DELETE FROM ${t}`, rows.map((r) => r.id as SqlValue));
  }
}
