// The emitted typed registry (src/content-types.ts): what it lists per attribute kind, that private
// attributes never reach the query side, what a create must send, and that the emitted file
// type-checks with the runtime's typed Document Service (compiled in memory, read with the checker).
import { join } from 'node:path';
import ts from 'typescript';
import { generate } from '../generate';
import { component, contentType, removeTempProjects, tempProject } from '../test-helpers/temp-project';
import { GENERATED_HEADER } from './types';

const repo = join(__dirname, '..', '..');
const appDir = join(repo, '.virtual-app');

afterAll(removeTempProjects);

/** Generates a one-type project (plus its component) importing the runtime from this checkout. */
function generateGadgets(): Map<string, string> {
  const dir = tempProject({
    'content-types/gadget.json': contentType(
      'gadget',
      'gadgets',
      {
        name: { type: 'string', required: true },
        code: { type: 'string', required: true, default: 'G-1' },
        kind: { type: 'enumeration', enum: ['small', 'large'] },
        secret: { type: 'string', private: true },
        pin: { type: 'password' },
        config: { type: 'json' },
        photo: { type: 'media', multiple: false, required: true, allowedTypes: ['images'] },
        owner: { type: 'relation', relation: 'manyToOne', target: 'api::gadget.gadget' },
        hidden_link: { type: 'relation', relation: 'oneToMany', target: 'api::gadget.gadget', private: true },
        parts: { type: 'component', component: 'parts.part', repeatable: true, required: true },
        extras: { type: 'dynamiczone', components: ['parts.part'] },
      },
      { options: { draftAndPublish: true } },
    ),
    'components/parts/part.json': component({ label: { type: 'string', required: true }, note: { type: 'text', private: true } }),
  });
  const { files } = generate(dir, { runtimeImport: join(repo, 'runtime', 'runtime', 'index') });
  return new Map(files.map((f) => [f.path, f.contents]));
}

/** A program over the generated src/ files plus `extra` (a usage file, src/usage.ts), all in memory. */
function compile(files: Map<string, string>, extra: string): { program: ts.Program; generatedErrors: string[]; errorsAt: (line: number) => string[] } {
  const virtual = new Map<string, string>();
  for (const [path, contents] of files) if (path.startsWith('src/') && path.endsWith('.ts')) virtual.set(join(appDir, path), contents);
  const usage = join(appDir, 'src', 'usage.ts');
  virtual.set(usage, extra);
  // The runtime's packages import each other by name (@cms-gen/<package>): the repository's paths.
  const { paths } = (ts.readConfigFile(join(repo, 'tsconfig.json'), ts.sys.readFile).config as { compilerOptions: { paths: ts.MapLike<string[]> } }).compilerOptions;
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, skipLibCheck: true, types: [], experimentalDecorators: true, emitDecoratorMetadata: true, baseUrl: repo, paths };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => virtual.get(name) ?? readFile(name);
  host.fileExists = (name) => virtual.has(name) || ts.sys.fileExists(name);
  host.directoryExists = (name) => name.startsWith(appDir) || ts.sys.directoryExists(name);
  host.getSourceFile = (name, language) => {
    const text = virtual.get(name);
    return text !== undefined ? ts.createSourceFile(name, text, language) : getSourceFile(name, language);
  };
  const program = ts.createProgram([join(appDir, 'src', 'content-types.ts'), usage], options, host);
  // Only the app's files are checked: the runtime they import is read for its types, its own bodies
  // are `npm run typecheck`'s job (checking them here took most of this suite's time).
  const diagnostics = program
    .getSourceFiles()
    .filter((file) => file.fileName.startsWith(appDir))
    .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]);
  const message = (d: ts.Diagnostic) => ts.flattenDiagnosticMessageText(d.messageText, '\n');
  const lineOf = (d: ts.Diagnostic) => (d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0);
  return {
    program,
    generatedErrors: diagnostics.filter((d) => d.file?.fileName !== usage).map(message),
    errorsAt: (line) => diagnostics.filter((d) => d.file?.fileName === usage && lineOf(d) === line).map(message),
  };
}

/** Property names of `ContentTypes[uid][group]` as the checker sees them. */
function registryKeys(program: ts.Program, uid: string, group: string): string[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(join(appDir, 'src', 'content-types.ts'));
  const alias = source?.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'ContentTypes');
  if (!alias) throw new Error('ContentTypes is not emitted');
  const registry = checker.getTypeAtLocation(alias.name);
  const entry = checker.getTypeOfSymbol(registry.getProperty(uid) as ts.Symbol);
  const member = entry.getProperty(group);
  if (!member) throw new Error(`${uid} has no ${group}`);
  const type = checker.getTypeOfSymbol(member);
  return type.isUnion() || type.isStringLiteral() ? (type.isUnion() ? type.types : [type]).map((t) => (t as ts.StringLiteralType).value).sort() : checker.getPropertiesOfType(type).map((p) => p.name).sort();
}

describe('emitContentTypes', () => {
  const files = generateGadgets();
  const source = files.get('src/content-types.ts') ?? '';
  // One usage file (reading the runtime's types is the slow part, so it is done once): line i of
  // `queries` is on line `header.length + i + 1`.
  const queries = [
    "{ filters: { name: 'x' }, fields: ['name'], sort: 'name:asc', populate: ['owner'] }",
    "{ filters: { secret: 'x' } }",
    "{ fields: ['pin'] }",
    "{ sort: 'secret' }",
    "{ populate: ['hidden_link'] }",
  ];
  const header = ["import type { Documents } from './content-types';", 'declare const documents: Documents;'];
  const usage = [...header, ...queries.map((q, i) => `export const q${i} = documents('api::gadget.gadget').findMany(${q});`)].join('\n');
  const { program, generatedErrors, errorsAt } = compile(files, usage);
  const line = (i: number) => header.length + i + 1;

  it('writes src/content-types.ts with the header, deterministic and type-correct', () => {
    expect(source.startsWith(GENERATED_HEADER)).toBe(true);
    expect(generateGadgets().get('src/content-types.ts')).toBe(source);
    expect(generatedErrors).toEqual([]);
  });

  it('lists each attribute under its kind, with what the typed service needs', () => {
    expect(registryKeys(program, 'api::gadget.gadget', 'scalars')).toEqual(['code', 'config', 'kind', 'name']);
    expect(registryKeys(program, 'api::gadget.gadget', 'relations')).toEqual(['owner']);
    expect(registryKeys(program, 'api::gadget.gadget', 'media')).toEqual(['photo']);
    expect(registryKeys(program, 'api::gadget.gadget', 'components')).toEqual(['parts']);
    expect(registryKeys(program, 'api::gadget.gadget', 'dynamicZones')).toEqual(['extras']);
    expect(source).toContain("kind: { type: 'enumeration'; value: Gadget['kind']; };");
    expect(source).toContain("owner: { target: 'api::gadget.gadget'; toMany: false; };");
    expect(source).toContain("parts: { component: 'parts.part'; repeatable: true; };");
    expect(source).toContain("extras: { components: 'parts.part'; };");
  });

  it('keeps private attributes and passwords out of everything a query can name', () => {
    for (const group of ['scalars', 'relations', 'media', 'components', 'dynamicZones']) {
      const keys = registryKeys(program, 'api::gadget.gadget', group);
      for (const hidden of ['secret', 'pin', 'hidden_link']) expect(keys).not.toContain(hidden);
    }
    // Private scalars can still be written (a password is set on create), never read.
    expect(registryKeys(program, 'api::gadget.gadget', 'writeOnly')).toEqual(['pin', 'secret']);
    expect(registryKeys(program, 'parts.part', 'scalars')).toEqual(['label']);
    expect(registryKeys(program, 'parts.part', 'writeOnly')).toEqual(['note']);
  });

  it('requires on create what the write path requires: required attributes without a default', () => {
    expect(registryKeys(program, 'api::gadget.gadget', 'requiredOnCreate')).toEqual(['name', 'parts', 'photo']);
    expect(registryKeys(program, 'parts.part', 'requiredOnCreate')).toEqual(['label']);
  });

  it('registers the built-in plugin types a query reaches, and aliases per content type', () => {
    expect(source).toContain("'plugin::upload.file': {");
    expect(source).toContain("'plugin::users-permissions.user': {");
    for (const alias of ['Filters', 'Populate', 'Fields', 'Sort', 'Params', 'Data', 'UpdateData']) {
      expect(source).toContain(`export type Gadget${alias} = `);
    }
  });

  it('makes a private attribute a compile error in every query parameter, and a public one fine', () => {
    expect(errorsAt(line(0))).toEqual([]);
    expect(errorsAt(line(1)).join('\n')).toMatch(/'secret' does not exist/);
    expect(errorsAt(line(2)).join('\n')).toMatch(/'"pin"' is not assignable/);
    expect(errorsAt(line(3)).join('\n')).toMatch(/'"secret"' is not assignable/);
    expect(errorsAt(line(4)).join('\n')).toMatch(/'"hidden_link"' is not assignable/);
  });
});
