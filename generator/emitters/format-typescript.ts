// Every emitted TypeScript file goes through the TypeScript formatter (via ts-morph), so generated
// code is formatted the same way whatever template or builder produced it.
import { Project, ts } from 'ts-morph';

const SETTINGS: ts.FormatCodeSettings = {
  indentSize: 2,
  tabSize: 2,
  convertTabsToSpaces: true,
  semicolons: ts.SemicolonPreference.Insert,
  insertSpaceAfterOpeningAndBeforeClosingNonemptyBraces: true,
  insertSpaceAfterOpeningAndBeforeClosingEmptyBraces: false,
};

export function formatTypeScript(text: string): string {
  // A fresh project per file: a reused one was seen to apply the settings differently after its
  // first file, and output must not depend on what was formatted before.
  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile('/generated.ts', text);
  file.formatText(SETTINGS);
  return file.getFullText();
}
