// Type-checks the files under some folders of a TypeScript project, and only those: the files
// they import (this repository's runtime, mapped by tsconfig paths) are read for their types but
// their own bodies are not checked, which is what makes it cheap enough for a test.
//   node typecheck-files.cjs <tsconfig.json> <folder>...
// Prints one line per diagnostic and exits 1 when there is any.
'use strict';

const path = require('node:path');
const ts = require('typescript');

const [configPath, ...folders] = process.argv.slice(2);
const read = ts.readConfigFile(configPath, ts.sys.readFile);
if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath));
const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
const inFolders = (file) => folders.some((folder) => file.startsWith(path.resolve(folder) + path.sep));

const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
for (const source of program.getSourceFiles()) {
  if (!inFolders(source.fileName)) continue;
  diagnostics.push(...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source));
}
for (const diagnostic of diagnostics) {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (diagnostic.file && diagnostic.start !== undefined) {
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    console.log(`${diagnostic.file.fileName}(${line + 1},${character + 1}): TS${diagnostic.code}: ${message}`);
  } else console.log(`TS${diagnostic.code}: ${message}`);
}
process.exit(diagnostics.length > 0 ? 1 : 0);
