// Turns loaded schema files into typed definitions, collecting EVERY problem (shape of each file,
// then cross-file rules) so one run shows all of them. Built-in plugin types are part of the
// universe: relations may target them and names may not clash with them.
import { builtinSchemaFile, builtinSchemaFiles } from './builtins';
import type { AttributeDefinition, ComponentDefinition, ContentTypeDefinition, SchemaDefinitions } from './definitions';
import { compareText } from './compare-text';
import { knownCustomFieldRegistry } from './custom-fields/registry';
import { ProblemList, ValidationFailed, type Problem } from './problems';
import type { LoadedSchemas } from './schema-files';
import type { CheckContext } from './validation/check-context';
import { checkComponentCycles, checkComponentReferences } from './validation/components';
import { loosenRelations } from './validation/loose-relations';
import { checkApiNames } from './validation/names';
import { parseComponent, parseContentType } from './validation/parse-schema';
import { checkPluginExtension } from './validation/plugin-extensions';
import { checkRelations } from './validation/relations';
import { checkStorageNames } from './validation/storage';

export interface ValidationResult {
  definitions: SchemaDefinitions;
  /** Sorted by file; within a file in the order found. Empty when the schemas are valid. */
  problems: Problem[];
  /** Settings cms-gen does not act on (never fail a build); sorted like problems. */
  warnings: Problem[];
}

const byFile = (items: Problem[]): Problem[] => [...items].sort((a, b) => compareText(a.file, b.file));

/** An extended built-in type against the plugin's own schema of it. */
function checkExtended(definition: ContentTypeDefinition, problems: ProblemList): void {
  const builtin = builtinSchemaFile(definition.uid);
  const own = builtin && parseContentType(builtin, () => undefined);
  if (own) checkPluginExtension(own, definition, problems.at(definition.file), problems.warnAt(definition.file));
}

/** Leaves out the attributes the checks dropped. */
function withoutDropped<T extends { attributes: AttributeDefinition[] }>(definition: T, dropped: ReadonlySet<AttributeDefinition>): T {
  return dropped.size === 0 ? definition : { ...definition, attributes: definition.attributes.filter((a) => !dropped.has(a)) };
}

export function collectProblems(loaded: LoadedSchemas): ValidationResult {
  const problems = new ProblemList();
  problems.items.push(...loaded.problems);
  problems.warnings.push(...loaded.warnings);
  const unreadable = new Set<string>();
  const contentTypes: ContentTypeDefinition[] = [];
  const customFields = loaded.customFields ?? knownCustomFieldRegistry();
  // Built-in plugin types are cms-gen's own: nothing in them to warn the project about.
  const extras = (file: string, origin = 'schema') => ({ customFields, ...(origin === 'schema' ? { warn: problems.warnAt(file) } : {}) });
  for (const unread of customFields.unread) {
    problems.warnAt(unread.file)(`line ${unread.line}`, `cms-gen ignores this customFields.register call (${unread.reason}); declare the fields it registers in cms-gen.json`);
  }
  const extended = new Set(loaded.extensions.map((e) => e.uid));
  for (const file of [...builtinSchemaFiles(loaded.extensions), ...loaded.contentTypes]) {
    const definition = parseContentType(file, problems.at(file.file), extras(file.file, file.origin));
    if (definition && file.origin === 'builtin' && extended.has(file.uid)) checkExtended(definition, problems);
    if (definition) contentTypes.push(definition);
    else unreadable.add(file.uid);
  }
  const components: ComponentDefinition[] = [];
  for (const file of loaded.components) {
    const definition = parseComponent(file, problems.at(file.file), extras(file.file));
    if (definition) components.push(definition);
    else unreadable.add(file.uid);
  }
  contentTypes.sort((a, b) => compareText(a.uid, b.uid));
  const definitions: SchemaDefinitions = { contentTypes, components };
  const ctx: CheckContext = {
    definitions,
    contentTypes: new Map(contentTypes.map((d) => [d.uid, d])),
    components: new Map(components.map((d) => [d.uid, d])),
    unreadable,
    problems,
    extensionsDir: loaded.extensionsDir,
    dropped: new Set(),
  };
  loosenRelations(ctx);
  checkRelations(ctx);
  checkComponentReferences(ctx);
  checkComponentCycles(ctx);
  checkApiNames(ctx);
  checkStorageNames(ctx);
  // Stable sort: grouped by file, each file's problems in the order the checks found them.
  const kept: SchemaDefinitions = {
    contentTypes: contentTypes.map((d) => withoutDropped(d, ctx.dropped)),
    components: components.map((d) => withoutDropped(d, ctx.dropped)),
  };
  return { definitions: kept, problems: byFile(problems.items), warnings: byFile(problems.warnings) };
}

/** The definitions of valid schemas and the warnings; throws ValidationFailed listing every problem otherwise. */
export function validateWithWarnings(loaded: LoadedSchemas): { definitions: SchemaDefinitions; warnings: Problem[] } {
  const { definitions, problems, warnings } = collectProblems(loaded);
  if (problems.length > 0) throw new ValidationFailed(problems, warnings);
  return { definitions, warnings };
}

/** The definitions of valid schemas; throws ValidationFailed listing every problem otherwise. */
export function validateSchemas(loaded: LoadedSchemas): SchemaDefinitions {
  return validateWithWarnings(loaded).definitions;
}
