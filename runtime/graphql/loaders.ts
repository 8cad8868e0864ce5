// Batched loading of relation, media, component and dynamic-zone fields. Every field resolver of a
// request asks one DataLoader per (owner type, field, status, arguments); the loader collects the
// parents of one execution tick and loads the field for all of them with the engine's populate,
// which costs a fixed number of statements whatever the number of parents (no N+1).
// The populate tree is checked by the same validator as REST's `populate`, with the caller's
// permissions. A relation field whose target type the caller cannot `find` never gets here: it is
// refused with Forbidden access at its path first (fields.ts, readableOrThrow), as Strapi 5.54's
// GraphQL does; REST's populate leaves such a relation out.
import DataLoader from 'dataloader';
import type { Engine } from '@cms-gen/core/documents/operations';
import type { AuthContext, Document } from '@cms-gen/core/engine/types';
import { populate, type Loaded } from '@cms-gen/core/engine/populate';
import { attributeOf, type Shape } from '@cms-gen/core/model/schema-index';
import { validatePopulate } from '@cms-gen/core/query/validate-populate';
import { specOf, type QuerySpec } from '@cms-gen/core/query/spec';
import type { PublicationFilter, PublicationStatus } from '@cms-gen/core/query/ast';
import { createQueryContext } from '@cms-gen/core/sql/query-context';

/** What identifies a parent row to populate: its row id, and its document and locale for inverse sides. */
export interface ParentRef {
  id: number;
  documentId?: string;
  locale?: string | null;
}

/** The raw populate node of one field (REST notation: `true`, or `{ filters, sort }`). */
export type FieldNode = true | { filters?: unknown; sort?: string[] };

export interface FieldLoadSpec {
  shape: Shape;
  field: string;
  status: PublicationStatus;
  /** The root query's publication filter, cascaded into its relations as in REST's populate. */
  publicationFilter?: PublicationFilter;
  node: FieldNode;
}

/** Whether a field holds a list (to-many relations, multiple media, repeatable components, zones). */
export function isListField(shape: Shape, field: string): boolean {
  if (field === 'localizations') return true;
  const attribute = attributeOf(shape, field);
  if (!attribute) return false;
  switch (attribute.kind) {
    case 'relation':
    case 'morph':
      return attribute.toMany;
    case 'media':
      return attribute.multiple;
    case 'component':
      return attribute.repeatable;
    case 'dynamiczone':
      return true;
    case 'scalar':
      return false;
  }
}

function targetOf(engine: Engine, shape: Shape): QuerySpec {
  const target = specOf(engine.queries, shape.uid);
  if (!target) throw new Error(`graphql: unknown type ${shape.uid}`);
  return target;
}

/** Loads `spec.field` for every parent; the result is in the parents' order. */
export async function loadField(engine: Engine, auth: AuthContext, spec: FieldLoadSpec, parents: readonly ParentRef[]): Promise<unknown[]> {
  const many = isListField(spec.shape, spec.field);
  const map = validatePopulate({ [spec.field]: spec.node }, targetOf(engine, spec.shape), { canRead: (target) => auth.can(target.readAction), specs: engine.queries });
  if (!map[spec.field]) return parents.map(() => (many ? [] : null));
  const loaded: Loaded[] = parents.map((p) => ({ id: p.id, documentId: p.documentId, locale: p.locale, doc: {} }));
  await populate(engine.readEnv(), loaded, map, spec.shape, createQueryContext(engine.dialect, engine.schema, spec.status, spec.publicationFilter));
  return loaded.map((l) => l.doc[spec.field] ?? (many ? [] : null));
}

/** A DataLoader for one field spec; parents are cached by row id for the request. */
export function fieldLoader(engine: Engine, auth: AuthContext, spec: FieldLoadSpec): DataLoader<ParentRef, unknown, number> {
  return new DataLoader<ParentRef, unknown, number>((parents) => loadField(engine, auth, spec, parents), {
    cacheKeyFn: (parent) => parent.id,
    // populate chunks its IN lists itself; one batch per tick keeps the statement count fixed.
    maxBatchSize: Infinity,
  });
}

/** The key of a parent document as populate matches it. */
export function parentRef(doc: Document): ParentRef {
  const locale = doc.locale;
  return {
    id: Number(doc.id),
    documentId: typeof doc.documentId === 'string' ? doc.documentId : undefined,
    locale: typeof locale === 'string' || locale === null ? locale : undefined,
  };
}
