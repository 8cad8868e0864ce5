// Every emitter a build runs, in order. Each is pure (model → files); build writes the result.
import type { SchemaMeta } from '../../runtime/core/model/types';
import { emitClient } from './client-emitter';
import { emitContentTypes } from './content-types-emitter';
import { emitGraphql } from './graphql-emitter';
import { emitOpenapi } from './openapi-emitter';
import { emitPrisma } from './prisma';
import { emitRest } from './rest-emitter';
import { emitSchemaMeta } from './schema-meta';
import { emitTypes } from './types-emitter';
import type { Emitter } from './types';

export interface RegisteredEmitter {
  name: string;
  emit: Emitter;
}

export const EMITTERS: readonly RegisteredEmitter[] = [
  { name: 'prisma', emit: (meta: SchemaMeta) => emitPrisma(meta) },
  { name: 'schema-meta', emit: emitSchemaMeta },
  { name: 'types', emit: emitTypes },
  { name: 'content-types', emit: emitContentTypes },
  { name: 'rest', emit: emitRest },
  { name: 'graphql', emit: emitGraphql },
  { name: 'openapi', emit: emitOpenapi },
  { name: 'client', emit: emitClient },
];
