import { openArchive, writeArchive } from '../../runtime/transfer-archive';
async function main() {
  const a = await openArchive('test/transfer/archives/plain.tar');
  const assets = [] as any[];
  for await (const asset of a.assets()) { const c: Buffer[] = []; for await (const x of asset.stream) c.push(x as Buffer); assets.push({ metadata: asset.metadata, filename: asset.filename, content: Buffer.concat(c) }); }
  // 1: only the app's own schemas (no admin::, no plugin::)
  await writeArchive('/tmp/archive-work/v-noadmin.tar', { schemas: (async function* () { for await (const s of a.schemas()) if (!s.uid.startsWith('admin::')) yield s; })(), entities: a.entities(), assets, links: a.links(), configuration: a.configuration() }, { metadata: a.metadata, compress: false });
  // 2: a changed attribute type + a missing attribute
  await writeArchive('/tmp/archive-work/v-changed.tar', { schemas: (async function* () { for await (const s of a.schemas()) { if (s.uid === 'api::article.article') { s.attributes.views = { type: 'string' }; delete (s.attributes as any).price; } yield s; } })(), entities: a.entities(), assets, links: a.links(), configuration: a.configuration() }, { metadata: a.metadata, compress: false });
  // 3: only "ignorable" differences: required/private/default/configurable changed, and key order changed
  await writeArchive('/tmp/archive-work/v-ignorable.tar', { schemas: (async function* () { for await (const s of a.schemas()) { if (s.uid === 'api::article.article') { (s.attributes.title as any).required = false; (s.attributes.views as any).default = 5; (s.attributes.summary as any).private = true; } const r: any = {}; for (const k of Object.keys(s).reverse()) r[k] = (s as any)[k]; yield r; } })(), entities: a.entities(), assets, links: a.links(), configuration: a.configuration() }, { metadata: { ...a.metadata, strapi: { version: '5.0.0' } }, compress: false });
  // 4: entities only, no schemas file at all
  await writeArchive('/tmp/archive-work/v-noschemas.tar', { entities: a.entities(), assets, links: a.links(), configuration: a.configuration() }, { metadata: a.metadata, compress: false });
}
main();
