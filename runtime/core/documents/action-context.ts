// What every document action shares: the target type, permission checks (only for a caller that
// names itself), the documentId, a write's status and locale, its plan and its read-back.
import type { Db } from '@cms-gen/db/types';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { EngineCore } from './engine-core';
import { findDocument } from '../engine/read';
import { contentType, contentTypeShape, type Shape } from '../model/schema-index';
import type { Document } from '../engine/types';
import { buildWritePlan, type WritePlan } from '../engine/write/plan';
import type { ContentTypeMeta } from '../model/types';
import type { DocumentQuery } from '../query/ast';
import type { DocumentAction, DocumentParams } from './types';

export interface ActionTarget {
  engine: EngineCore;
  uid: string;
  meta: ContentTypeMeta;
  shape: Shape;
}

export function actionTarget(engine: EngineCore, uid: string): ActionTarget {
  return { engine, uid, meta: contentType(engine.schema, uid), shape: contentTypeShape(engine.schema, uid) };
}

/** Checks the caller's permission; trusted server code (no auth) may do anything. */
export function authorize(params: DocumentParams, meta: ContentTypeMeta, action: string): void {
  if (params.auth && !params.auth.can(`${meta.actionPrefix}.${action}`)) throw new ForbiddenError();
}

/** No documentId holds a NUL, and PostgreSQL cannot bind one: such an id names no document. */
export function requireDocumentId(params: DocumentParams, action: DocumentAction): string {
  const { documentId } = params;
  if (typeof documentId !== 'string') throw new ValidationError(`${action}: a documentId (string) is required`);
  if (documentId === '' || documentId.includes('\u0000')) throw new NotFoundError();
  return documentId;
}

/** Body writes carry their status and locale in the query, like Strapi's REST API. */
export async function writeOptions(engine: EngineCore, meta: ContentTypeMeta, query: DocumentQuery): Promise<{ status: 'published' | 'draft'; locale?: string }> {
  if (query.locale === '*') throw new ValidationError('locale "*" cannot be used to write a document');
  // Reading an unknown locale finds nothing (as in Strapi); writing one must not invent it.
  if (meta.localized && query.locale !== undefined && !(await engine.locales()).has(query.locale)) {
    throw new ValidationError(`Locale ${query.locale} is not one of the configured locales`, { locale: query.locale });
  }
  return { status: query.status, locale: query.locale };
}

/** `status` is the version written: a draft & publish type's draft alone may lack required values (Strapi 5). */
export function buildPlan(t: ActionTarget, data: Record<string, unknown>, mode: 'create' | 'update', status: 'draft' | 'published'): Promise<WritePlan> {
  const { engine } = t;
  const draftOnly = t.meta.draftAndPublish && status === 'draft';
  return buildWritePlan(data, t.shape, { schema: engine.schema, dialect: engine.dialect.name, mode, bcryptRounds: engine.bcryptRounds, draftOnly });
}

/**
 * Re-reads a written document with the caller's fields/populate, in the version just written.
 * It runs inside the write's transaction (`tx`): if the answer cannot be produced, the write is
 * rolled back, so a request that fails never leaves its data behind.
 */
export async function readBack(t: ActionTarget, tx: Db, documentId: string, query: DocumentQuery, locale: string | null): Promise<Document> {
  // The publication filter selects documents to list; a write answers with what it wrote. On a
  // type without draft & publish the status still picks the versions of related documents (as a
  // read with that status does, and as Strapi 5.54 answers).
  const doc = await findDocument(t.engine.readEnv(tx), t.shape, documentId, { ...query, publicationFilter: undefined, locale: locale ?? undefined });
  if (!doc) throw new NotFoundError();
  return doc;
}

