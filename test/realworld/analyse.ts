// What one corpus project holds: counts, the schema features it exercises, its Strapi version,
// licence and domain (from SOURCE.md). Read by check-strapi.ts to write corpus.json.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

export interface ProjectFacts {
  project: string;
  domain: string;
  licence: string;
  strapiVersion: string;
  contentTypes: number;
  components: number;
  features: string[];
}

interface Attribute {
  type?: string;
  relation?: string;
  target?: string;
  customField?: string;
  inversedBy?: string;
  mappedBy?: string;
  multiple?: boolean;
}

interface SchemaJson {
  kind?: string;
  pluginOptions?: { i18n?: { localized?: boolean } };
  options?: { draftAndPublish?: boolean };
  attributes?: Record<string, Attribute>;
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

function filesUnder(dir: string, match: (path: string) => boolean): string[] {
  if (!isDir(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (isDir(path)) out.push(...filesUnder(path, match));
    else if (match(path)) out.push(path);
  }
  return out;
}

function readJson(path: string): SchemaJson {
  try {
    return JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')) as SchemaJson;
  } catch {
    return {};
  }
}

function sourceField(dir: string, field: string): string {
  const source = join(dir, 'SOURCE.md');
  if (!existsSync(source)) return '';
  const line = readFileSync(source, 'utf8').split('\n').find((l) => l.startsWith(`- ${field}:`));
  return line ? line.slice(`- ${field}:`.length).trim() : '';
}

export function analyseProject(dir: string): ProjectFacts {
  const src = join(dir, 'src');
  const types = filesUnder(join(src, 'api'), (p) => /content-types\/[^/]+\/schema\.json$/.test(p));
  const components = filesUnder(join(src, 'components'), (p) => p.endsWith('.json'));
  const extensions = filesUnder(join(src, 'extensions'), (p) => p.endsWith('schema.json'));
  const features = new Set<string>();
  for (const file of [...types, ...components, ...extensions]) {
    const schema = readJson(file);
    if (schema.kind === 'singleType') features.add('single type');
    if (schema.options?.draftAndPublish) features.add('draft & publish');
    if (schema.pluginOptions?.i18n?.localized) features.add('i18n');
    for (const attribute of Object.values(schema.attributes ?? {})) {
      const type = attribute.type ?? '';
      if (type === 'customField') features.add(`custom field ${attribute.customField ?? '?'}`);
      else if (type === 'relation') {
        const target = attribute.target ?? '';
        if (attribute.relation?.startsWith('morph')) features.add(`${attribute.relation} relation`);
        else if (!target.startsWith('api::')) features.add(`relation to ${target}${attribute.inversedBy || attribute.mappedBy ? ' (two-sided)' : ''}`);
        else if (attribute.inversedBy || attribute.mappedBy) features.add('two-sided relation');
        else features.add('one-way relation');
      } else if (type === 'media') features.add(attribute.multiple ? 'multiple media' : 'media');
      else if (['dynamiczone', 'component', 'blocks', 'richtext', 'uid', 'enumeration', 'json', 'password', 'email'].includes(type)) features.add(type);
    }
  }
  for (const file of extensions) features.add(`extension ${relative(src, file).split('/').slice(1, 4).join('/')}`);
  for (const name of ['index.js', 'index.ts']) if (existsSync(join(src, name))) features.add('custom fields registered in src/index');
  const config = join(dir, 'config');
  for (const name of isDir(config) ? readdirSync(config) : []) if (name.startsWith('cron-tasks')) features.add('cron tasks');
  let strapiVersion = '';
  const pkgPath = join(dir, 'package.json');
  if (existsSync(pkgPath)) {
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { dependencies?: Record<string, string> };
    strapiVersion = pkg.dependencies?.['@strapi/strapi'] ?? '';
  }
  return {
    project: basename(dir),
    domain: sourceField(dir, 'Domain'),
    licence: sourceField(dir, 'Licence'),
    strapiVersion,
    contentTypes: types.length,
    components: components.length,
    features: [...features].sort(),
  };
}
