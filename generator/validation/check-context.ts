// What the cross-file checks share: every parsed definition, indexed, and where problems go.
import type { AttributeDefinition, ComponentDefinition, ContentTypeDefinition, SchemaDefinitions } from '../definitions';
import type { ProblemList } from '../problems';

export interface CheckContext {
  definitions: SchemaDefinitions;
  contentTypes: ReadonlyMap<string, ContentTypeDefinition>;
  components: ReadonlyMap<string, ComponentDefinition>;
  /** uids whose file could not be read at all: references to them are not reported a second time. */
  unreadable: ReadonlySet<string>;
  problems: ProblemList;
  /** Where the project's plugin extensions live (for hints), relative to the input folder. */
  extensionsDir: string;
  /** Attributes the checks leave out of the model (each with a warning saying why). */
  dropped: Set<AttributeDefinition>;
}

/** A content type or a component: something with attributes stored in a table. */
export type Holder = { role: 'contentType'; definition: ContentTypeDefinition } | { role: 'component'; definition: ComponentDefinition };

/**
 * Built-in content types, then the project's (each sorted by uid), then components: a clash
 * between two holders is reported on the later one, so never on a built-in type.
 */
export function holders(ctx: CheckContext): Holder[] {
  const types = [...ctx.definitions.contentTypes].sort((a, b) => Number(a.origin === 'schema') - Number(b.origin === 'schema'));
  return [
    ...types.map((definition): Holder => ({ role: 'contentType', definition })),
    ...ctx.definitions.components.map((definition): Holder => ({ role: 'component', definition })),
  ];
}
