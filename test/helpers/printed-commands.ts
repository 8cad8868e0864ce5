// Commands as the documentation and the CLI print them, so a test runs exactly those and breaks
// when the printed text and what works drift apart.
import { readFileSync } from 'node:fs';

/** The indented code blocks (4 spaces) of a Markdown section, in order, each as its lines. */
export function markdownCodeBlocks(path: string, heading: string): string[][] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`${path} has no heading "${heading}"`);
  const level = /^#+/.exec(heading)?.[0].length ?? 1;
  const blocks: string[][] = [];
  let current: string[] | undefined;
  for (const line of lines.slice(start + 1)) {
    const other = /^(#+) /.exec(line);
    if (other && other[1].length <= level) break;
    if (line.startsWith('    ') && line.trim() !== '') {
      current ??= [];
      current.push(line.slice(4));
    } else if (line.trim() !== '' || !current) {
      if (current) blocks.push(current);
      current = undefined;
    }
  }
  if (current) blocks.push(current);
  return blocks;
}

/**
 * The commands a CLI printed: the lines indented by two spaces under a line ending in ':'
 * (`next steps:`), as printed, comments included (sh ignores them).
 */
export function printedCommands(output: string): string[] {
  const commands: string[] = [];
  let inBlock = false;
  for (const line of output.split('\n')) {
    if (line.startsWith('  ') && line.trim() !== '') {
      if (inBlock) commands.push(line.slice(2));
    } else {
      inBlock = line.trimEnd().endsWith(':');
    }
  }
  return commands;
}

/** A command without its comment and padding, to compare what two places print. */
export const withoutComment = (line: string): string => line.replace(/\s+#.*$/, '').trim();
