// Every emitted TypeScript file goes through the TypeScript formatter (ts-morph's copy of the
// compiler), so generated code is formatted the same way whatever template or builder produced it.
//
// The formatter is the language service's, in its syntactic mode: formatting needs the file's
// syntax tree only, no program, no other file, no compiler options. One service serves every file.
// Each call hands it a new version of its one file, given as a whole (no change range), so the file
// is parsed afresh and nothing of an earlier file is reused: the output depends on the text alone.
// This is what ts-morph's `SourceFile.formatText` did with a Project per file, at a third of the
// cost (a build formats some hundred files).
import type { ts } from 'ts-morph';

// ts-morph's TypeScript is loaded with the first text to format, not with this module: a build whose
// texts were all formatted before (the tests keep results on disk) does without its half CPU-second.
type Ts = typeof ts;
let loaded: Ts | undefined;
const typescript = (): Ts => (loaded ??= (require('ts-morph') as typeof import('ts-morph')).ts);

/** The settings, with what ts-morph filled in for those not given (its defaults). */
const settings = (lib: Ts): ts.FormatCodeSettings => ({
  indentSize: 2,
  tabSize: 2,
  convertTabsToSpaces: true,
  semicolons: lib.SemicolonPreference.Insert,
  insertSpaceAfterOpeningAndBeforeClosingNonemptyBraces: true,
  insertSpaceAfterOpeningAndBeforeClosingEmptyBraces: false,
  newLineCharacter: '\n',
  indentStyle: lib.IndentStyle.Smart,
  insertSpaceAfterCommaDelimiter: true,
  insertSpaceAfterConstructor: false,
  insertSpaceAfterSemicolonInForStatements: true,
  insertSpaceAfterKeywordsInControlFlowStatements: true,
  insertSpaceAfterOpeningAndBeforeClosingNonemptyBrackets: false,
  insertSpaceAfterOpeningAndBeforeClosingTemplateStringBraces: false,
  insertSpaceAfterOpeningAndBeforeClosingJsxExpressionBraces: false,
  insertSpaceBeforeFunctionParenthesis: false,
  insertSpaceBeforeAndAfterBinaryOperators: true,
  placeOpenBraceOnNewLineForFunctions: false,
  placeOpenBraceOnNewLineForControlBlocks: false,
});
let SETTINGS: ts.FormatCodeSettings | undefined;

const FILE = '/generated.ts';
let text = '';
let version = 0;
const host: ts.LanguageServiceHost = {
  getCompilationSettings: () => ({}),
  getScriptFileNames: () => [FILE],
  getScriptVersion: () => String(version),
  getScriptSnapshot: (name) => (name === FILE ? typescript().ScriptSnapshot.fromString(text) : undefined),
  getCurrentDirectory: () => '/',
  getDefaultLibFileName: () => '/lib.d.ts',
  fileExists: (name) => name === FILE,
  readFile: (name) => (name === FILE ? text : undefined),
};
let service: ts.LanguageService | undefined;

// The output depends on the source text alone (the settings are fixed), so a process that builds
// again (a test file running many builds, `npm run generate` then `--check`) formats each distinct
// text once: most of an app's files come out of a second build unchanged. Bounded, then dropped.
const formattedBySource = new Map<string, string>();
const CACHE_LIMIT_CHARS = 64 * 1024 * 1024;
let cachedChars = 0;

export function formatTypeScript(source: string): string {
  const cached = formattedBySource.get(source);
  if (cached !== undefined) return cached;
  const formatted = formatUncached(source);
  if (cachedChars + source.length + formatted.length > CACHE_LIMIT_CHARS) {
    formattedBySource.clear();
    cachedChars = 0;
  }
  formattedBySource.set(source, formatted);
  cachedChars += source.length + formatted.length;
  return formatted;
}

function formatUncached(source: string): string {
  const lib = typescript();
  SETTINGS ??= settings(lib);
  service ??= lib.createLanguageService(host, lib.createDocumentRegistry(), lib.LanguageServiceMode.Syntactic);
  text = source;
  version++;
  // The edits in order of their start (ties in the order given), applied to the source.
  const edits = service
    .getFormattingEditsForDocument(FILE, SETTINGS)
    .map((edit, index) => ({ edit, index }))
    .sort((a, b) => a.edit.span.start - b.edit.span.start || a.index - b.index);
  let formatted = '';
  let at = 0;
  for (const { edit } of edits) {
    formatted += source.slice(at, edit.span.start) + edit.newText;
    at = edit.span.start + edit.span.length;
  }
  formatted += source.slice(at);
  // ts-morph's ensureNewLineAtEndOfFile (its own setting; the language service has none).
  if (!formatted.endsWith('\n')) formatted += '\n';
  return formatted.replace(/\r?\n/g, '\n');
}
