// The schema TypeGraphQL builds from the generated classes and the runtime's common types, printed
// whole (descriptions, defaults, deprecations; sorted, as TypeGraphQL's type order follows module
// loading), for the fixture and the test kits. The snapshot was taken before the schema-independent
// types moved into the runtime's GraphQL package; any change to it changes what clients see.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { loadSchemas } from '../load';
import { buildModel } from '../model';
import { validateSchemas } from '../validate';
import { emitGraphql } from './graphql-emitter';

const repo = join(__dirname, '..', '..');
const PROJECTS = ['fixtures/strapi-blog', 'test/users-kit', 'test/parity-kit', 'test/kitchen-kit', 'test/morph-kit', 'test/relation-kit', 'test/loose-kit'];

let scratch: string;
beforeAll(() => {
  require('reflect-metadata');
  scratch = mkdtempSync(join(tmpdir(), 'cms-gen-built-sdl-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The project's generated GraphQL, written under the scratch folder; its src/graphql index. */
function emitted(project: string): string {
  const meta = buildModel(validateSchemas(loadSchemas(join(repo, project))));
  const out = join(scratch, project.replace(/\//g, '_'));
  for (const file of emitGraphql(meta, { runtimeImport: '@cms-gen/runtime' })) {
    const path = join(out, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.contents);
  }
  return join(out, 'src', 'graphql');
}

describe.each(PROJECTS)('the schema built from the generated GraphQL of %s', (project) => {
  it.each(['v5', 'v4'] as const)('prints as before (%s)', async (mode) => {
    const { buildSchema } = await import('type-graphql');
    const { graphqlSchemas } = require(emitted(project)) as typeof import('../../fixtures/strapi-blog/app/src/graphql');
    const resolvers = (await graphqlSchemas[mode]()) as unknown as [Function, ...Function[]];
    const built = await buildSchema({ resolvers, validate: false, disableInferringDefaultValues: true });
    expect(printSchema(lexicographicSortSchema(built))).toMatchSnapshot();
  });
});
