// Reads a project's `strapi.customFields.register(...)` calls without running them: the build
// needs each custom field's type, and a Strapi project's register code cannot run outside Strapi.
// Files read: `src/index.{js,ts,mjs,cjs}` and, for each local plugin, `src/plugins/<name>/strapi-server.*`
// and every script under `src/plugins/<name>/server/`. Forms understood: a call
// `<anything>.customFields.register(<object or array of objects>)` whose `name`, `plugin` and `type`
// are string literals, or identifiers bound in the same file to a `const` string literal.
// Anything else is listed as unread (the file and line, and why) so the refusal of a field that
// needs it can say so; `cms-gen.json` declares such fields instead (registry.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Node, ObjectLiteralExpression, Project, SourceFile } from 'ts-morph';
import { compareText } from '../compare-text';
import type { Problem } from '../problems';
import { customFieldUid, isCustomFieldType, type CustomFieldRegistration, type UnreadRegistration } from './types';

// ts-morph (with its TypeScript) is loaded when a project has a file that registers custom fields,
// not with this module: most projects have none, and loading it is over half a CPU-second.
type TsMorph = typeof import('ts-morph');
let loaded: TsMorph | undefined;
const morph = (): TsMorph => (loaded ??= require('ts-morph') as TsMorph);

const SCRIPT = /\.(js|cjs|mjs|ts|cts|mts)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'admin', 'dist', 'build', '.cache']);

const isDir = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

function scriptsUnder(dir: string): string[] {
  if (!isDir(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort(compareText)) {
    const path = join(dir, entry);
    if (isDir(path)) {
      if (!SKIPPED_FOLDERS.has(entry)) out.push(...scriptsUnder(path));
    } else if (SCRIPT.test(entry) && !/\.d\.[cm]?ts$/.test(entry) && !/\.test\./.test(entry)) out.push(path);
  }
  return out;
}

/** The files a Strapi project registers custom fields from, in a stable order. */
export function registrationFiles(src: string): string[] {
  const files = ['index.js', 'index.ts', 'index.mjs', 'index.cjs'].map((f) => join(src, f)).filter((f) => existsSync(f));
  const plugins = join(src, 'plugins');
  if (isDir(plugins)) {
    for (const plugin of readdirSync(plugins).sort(compareText)) {
      const dir = join(plugins, plugin);
      if (!isDir(dir)) continue;
      for (const entry of readdirSync(dir).sort(compareText)) if (/^strapi-server\./.test(entry) && SCRIPT.test(entry)) files.push(join(dir, entry));
      files.push(...scriptsUnder(join(dir, 'server')));
    }
  }
  return files;
}

/** A string the code spells out: a literal, or a same-file `const` holding one. */
function literalString(node: Node | undefined, file: SourceFile): string | undefined {
  if (!node) return undefined;
  const tsm = morph();
  if (tsm.Node.isStringLiteral(node) || tsm.Node.isNoSubstitutionTemplateLiteral(node)) return node.getLiteralText();
  if (tsm.Node.isIdentifier(node)) {
    const declarations = file.getDescendantsOfKind(tsm.SyntaxKind.VariableDeclaration).filter((d) => d.getName() === node.getText());
    const [only] = declarations;
    if (declarations.length !== 1 || only.getVariableStatement()?.getDeclarationKind() !== 'const') return undefined;
    const initializer = only.getInitializer();
    if (initializer && (tsm.Node.isStringLiteral(initializer) || tsm.Node.isNoSubstitutionTemplateLiteral(initializer))) return initializer.getLiteralText();
  }
  return undefined;
}

/** The value node of `key` in an object literal (`key: value` or the shorthand `key`). */
function property(object: ObjectLiteralExpression, key: string): { found: boolean; value?: Node } {
  const tsm = morph();
  for (const prop of object.getProperties()) {
    if (tsm.Node.isPropertyAssignment(prop)) {
      const nameNode = prop.getNameNode();
      const name = tsm.Node.isStringLiteral(nameNode) ? nameNode.getLiteralText() : nameNode.getText();
      if (name === key) return { found: true, value: prop.getInitializer() };
    } else if (tsm.Node.isShorthandPropertyAssignment(prop) && prop.getName() === key) {
      return { found: true, value: prop.getNameNode() };
    } else if (tsm.Node.isSpreadAssignment(prop)) {
      return { found: true };
    }
  }
  return { found: false };
}

interface FileResult {
  registrations: CustomFieldRegistration[];
  unread: UnreadRegistration[];
  problems: Problem[];
}

function readObject(object: Node, file: SourceFile, where: { file: string; line: number }, out: FileResult): void {
  const tsm = morph();
  if (!tsm.Node.isObjectLiteralExpression(object)) {
    out.unread.push({ ...where, reason: 'its argument is not an object literal' });
    return;
  }
  const values: Record<'name' | 'plugin' | 'type', string | undefined> = { name: undefined, plugin: undefined, type: undefined };
  for (const key of ['name', 'plugin', 'type'] as const) {
    const { found, value } = property(object, key);
    if (!found) continue;
    values[key] = literalString(value, file);
    if (values[key] === undefined) {
      out.unread.push({ ...where, reason: `its ${key} is not a string literal (or a const holding one in the same file)` });
      return;
    }
  }
  if (values.name === undefined || values.type === undefined) {
    out.problems.push({ file: where.file, path: `line ${where.line}`, message: "a custom field registration needs a 'name' and a 'type' (Strapi refuses it at boot)" });
    return;
  }
  if (!isCustomFieldType(values.type)) {
    out.problems.push({ file: where.file, path: `line ${where.line}`, message: `custom field type "${values.type}" is not one Strapi lets a custom field store` });
    return;
  }
  out.registrations.push({ uid: customFieldUid(values.name, values.plugin), type: values.type, source: `${where.file}:${where.line}` });
}

function readFile(path: string, root: string, project: Project, out: FileResult): void {
  const text = readFileSync(path, 'utf8');
  if (!text.includes('customFields')) return;
  const rel = relative(root, path).split(sep).join('/');
  const file = project.createSourceFile(`/${rel.replace(/\.(c|m)?js$/, '.$1ts')}`, text, { overwrite: true });
  const tsm = morph();
  for (const call of file.getDescendantsOfKind(tsm.SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!tsm.Node.isPropertyAccessExpression(callee) || callee.getName() !== 'register') continue;
    const owner = callee.getExpression();
    if (!tsm.Node.isPropertyAccessExpression(owner) || owner.getName() !== 'customFields') continue;
    const where = { file: rel, line: call.getStartLineNumber() };
    const [argument] = call.getArguments();
    if (argument && tsm.Node.isArrayLiteralExpression(argument)) for (const element of argument.getElements()) readObject(element, file, where, out);
    else if (argument) readObject(argument, file, where, out);
    else out.problems.push({ file: rel, path: `line ${where.line}`, message: 'customFields.register() needs a custom field' });
  }
}

/** Every registration the project's files spell out; paths in messages are relative to `root`. */
export function readRegistrations(root: string, src: string): FileResult {
  const out: FileResult = { registrations: [], unread: [], problems: [] };
  const files = registrationFiles(src);
  if (files.length === 0) return out;
  const project = new (morph().Project)({ useInMemoryFileSystem: true, compilerOptions: { allowJs: true } });
  for (const path of files) readFile(path, root, project, out);
  return out;
}
