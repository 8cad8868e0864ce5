// Turns loaded schema files into typed definitions, collecting EVERY problem (shape of each file,
// then cross-file rules) so one run shows all of them. Built-in plugin types are part of the
// universe: relations may target them and names may not clash with them.
import { builtinSchemaFiles } from './builtins';
import type { ComponentDefinition, ContentTypeDefinition, SchemaDefinitions } from './definitions';
import { compareText } from './compare-text';
import { ProblemList, ValidationFailed, type Problem } from './problems';
import type { LoadedSchemas } from './schema-files';
import type { CheckContext } from './validation/check-context';
import { checkComponentCycles, checkComponentReferences } from './validation/components';
import { checkApiNames } from './validation/names';
import { parseComponent, parseContentType } from './validation/parse-schema';
import { checkRelations } from './validation/relations';
import { checkStorageNames } from './validation/storage';

export interface ValidationResult {
  definitions: SchemaDefinitions;
  /** Sorted by file; within a file in the order found. Empty when the schemas are valid. */
  problems: Problem[];
}

export function collectProblems(loaded: LoadedSchemas): ValidationResult {
  const problems = new ProblemList();
  problems.items.push(...loaded.problems);
  const unreadable = new Set<string>();
  const contentTypes: ContentTypeDefinition[] = [];
  for (const file of [...builtinSchemaFiles(), ...loaded.contentTypes]) {
    const definition = parseContentType(file, problems.at(file.file));
    if (definition) contentTypes.push(definition);
    else unreadable.add(file.uid);
  }
  const components: ComponentDefinition[] = [];
  for (const file of loaded.components) {
    const definition = parseComponent(file, problems.at(file.file));
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
  };
  checkRelations(ctx);
  checkComponentReferences(ctx);
  checkComponentCycles(ctx);
  checkApiNames(ctx);
  checkStorageNames(ctx);
  // Stable sort: grouped by file, each file's problems in the order the checks found them.
  return { definitions, problems: [...problems.items].sort((a, b) => compareText(a.file, b.file)) };
}

/** The definitions of valid schemas; throws ValidationFailed listing every problem otherwise. */
export function validateSchemas(loaded: LoadedSchemas): SchemaDefinitions {
  const { definitions, problems } = collectProblems(loaded);
  if (problems.length > 0) throw new ValidationFailed(problems);
  return definitions;
}
