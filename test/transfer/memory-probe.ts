// Writes, then reads, a generated archive of many records and samples the heap as it goes, so a test
// can check that memory stays flat (constant in the number of records). Run in its own process with
// the collector exposed, so every sample is taken after a full collection:
//
//   node --expose-gc --import tsx test/transfer/memory-probe.ts <dir> [entities] [links]
//
// Prints one JSON line: { write: Sample[], read: Sample[], jsonlBytes, archiveBytes, counts }.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { createArchiveWriter, openArchive } from '@cms-gen/transfer-archive';

interface Sample {
  records: number;
  heapMB: number;
  externalMB: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

function sample(records: number): Sample {
  gc!();
  const { heapUsed, external } = process.memoryUsage();
  return { records, heapMB: Math.round((heapUsed / 1048576) * 10) / 10, externalMB: Math.round((external / 1048576) * 10) / 10 };
}

const entity = (i: number) => ({
  type: 'api::article.article',
  id: i,
  data: {
    documentId: `doc${String(i).padStart(20, '0')}`,
    title: `Article ${i}: a title long enough to look like real content`,
    body: `Body of article ${i}. `.repeat(8),
    views: i * 7,
    publishedAt: i % 2 ? null : '2026-01-01T00:00:00.000Z',
    locale: 'en',
    seo: { id: i, meta_title: `SEO ${i}`, meta_social: [{ id: i, social_network: 'Facebook', title: `FB ${i}` }] },
  },
});
const link = (i: number) => ({
  kind: 'relation.basic' as const,
  relation: 'manyToOne',
  left: { type: 'api::article.article', field: 'author', ref: i },
  right: { type: 'api::author.author', field: 'articles', ref: (i % 1000) + 1, pos: i },
});

async function main(): Promise<void> {
  const [dir, entitiesArg, linksArg] = process.argv.slice(2);
  const entities = Number(entitiesArg ?? 300000);
  const links = Number(linksArg ?? 100000);
  const file = join(dir, 'memory.tar.gz');
  const every = Math.max(1, Math.floor((entities + links) / 10));

  const write: Sample[] = [sample(0)];
  let jsonlBytes = 0;
  // A small JSONL limit, so the spool's split-and-copy path runs many times too.
  const writer = await createArchiveWriter(file, { metadata: { strapi: { version: '5.54.0' } }, maxSizeJsonl: 16 * 1024 * 1024, tmpDir: dir });
  let written = 0;
  for (let i = 1; i <= entities; i++) {
    const record = entity(i);
    jsonlBytes += JSON.stringify(record).length + 1;
    await writer.writeEntity(record);
    if (++written % every === 0) write.push(sample(written));
  }
  for (let i = 1; i <= links; i++) {
    const record = link(i);
    jsonlBytes += JSON.stringify(record).length + 1;
    await writer.writeLink(record);
    if (++written % every === 0) write.push(sample(written));
  }
  await writer.close();
  write.push(sample(written));

  const read: Sample[] = [sample(0)];
  const archive = await openArchive(file);
  let count = 0;
  const counts = { entities: 0, links: 0 };
  for await (const record of archive.entities()) {
    if (record.id !== counts.entities + 1) throw new Error(`entity ${record.id} out of order`);
    counts.entities += 1;
    if (++count % every === 0) read.push(sample(count));
  }
  for await (const record of archive.links()) {
    if (record.left.ref !== counts.links + 1) throw new Error(`link ${record.left.ref} out of order`);
    counts.links += 1;
    if (++count % every === 0) read.push(sample(count));
  }
  read.push(sample(count));
  console.log(JSON.stringify({ write, read, jsonlBytes, archiveBytes: statSync(file).size, summary: archive.summary, counts }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
