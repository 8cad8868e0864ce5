import ts from 'typescript';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { loadConfig } from './runtime/server/config/load-config';
const root = 'test/realworld';
for (const p of readdirSync(root)) {
  const cfg = join(root, p, 'config');
  if (!existsSync(cfg)) continue;
  const d = mkdtempSync(join(tmpdir(), 'cfg-')); mkdirSync(join(d, 'config'));
  const requires = new Set<string>();
  for (const f of readdirSync(cfg)) {
    if (!/\.(ts|js)$/.test(f)) continue;
    const src = readFileSync(join(cfg, f), 'utf8');
    const out = ts.transpileModule(src, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText;
    for (const m of out.matchAll(/require\("([^"]+)"\)/g)) requires.add(m[1]);
    writeFileSync(join(d, 'config', f.replace(/\.ts$/, '.js')), out);
  }
  const ignored: string[] = [];
  let r = 'ok';
  try { loadConfig(d, {}, ignored); } catch (e) { r = String((e as Error).message).slice(0, 160); }
  console.log(p.padEnd(50), r, '| req:', [...requires].join(','), '| ignored:', ignored.length);
}
