// What the generator's builds inside jest use for formatTypeScript (jest.config.ts maps the
// generator's `./emitters/format-typescript` import here): the real formatter, with its results kept
// on disk, so that a text formatted by one suite is not formatted again by another, or by the next
// run. Formatting is most of a build's CPU (1.2 of 1.4 CPU-s for test/relation-kit), and the suites
// build the same apps again and again (the fixture blog, the kits, the real-world sample), each test
// file in a process of its own, where the formatter's own in-memory cache starts empty.
//
// The output of the formatter is a function of the text alone (its settings are fixed), so a kept
// result is what formatting would give. The entries live in .cms-gen-cache/formatted/<key>/, the key
// a hash of the formatter's source and of the TypeScript it formats with: a change to either starts
// an empty folder, and older folders are removed. Each entry is written to a file of its own and
// renamed into place, so workers writing the same entry at once leave one whole file.
// generator/emitters/format-typescript.test.ts imports the real module and formats for itself, and
// the builds cms-gen commands run as processes (the CLI's process tests, the newcomer path,
// `npm run check:generated`) format as they always do.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatTypeScript as format } from '../../generator/emitters/format-typescript';

const REPO = resolve(__dirname, '..', '..');
const ROOT = join(REPO, '.cms-gen-cache', 'formatted');

function folder(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(REPO, 'generator', 'emitters', 'format-typescript.ts')));
  const typescript = JSON.parse(readFileSync(require.resolve('@ts-morph/common/package.json', { paths: [REPO] }), 'utf8')) as { version: string };
  hash.update(`\0@ts-morph/common ${typescript.version}`);
  const key = hash.digest('hex').slice(0, 16);
  const dir = join(ROOT, key);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(ROOT)) if (name !== key) rmSync(join(ROOT, name), { recursive: true, force: true });
  return dir;
}

let dir: string | undefined;

export function formatTypeScript(source: string): string {
  dir ??= folder();
  const file = join(dir, createHash('sha256').update(source).digest('hex').slice(0, 40));
  try {
    return readFileSync(file, 'utf8');
  } catch {
    const formatted = format(source);
    const partial = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(partial, formatted);
      renameSync(partial, file);
    } catch {
      // The folder went away (a run with another formatter removed it): the result stands unkept.
    }
    return formatted;
  }
}
