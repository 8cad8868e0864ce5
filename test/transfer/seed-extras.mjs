#!/usr/bin/env node
// What the small fixture seed adds after `test/strapi-oracle/seed.mjs` (run with small counts), so the
// recorded archives hold every kind of row the transfer format carries:
//  - an image large enough that Strapi makes `thumbnail` and `small` formats, used as an author's
//    avatar and an article's cover (media with formats, morph links from plugin::upload.file);
//  - an article whose gallery holds two images in a given order;
//  - a published article whose draft is then edited (two versions of one document that differ);
//  - an end user registered through users-permissions (its password hash travels in the archive);
//  - a custom users-permissions role;
//  - an admin, an API token and a webhook (admin rows are left out of archives; webhooks are kept
//    as configuration).
//
// Usage: BASE=http://127.0.0.1:1351 node test/transfer/seed-extras.mjs
import { deflateSync } from 'node:zlib';

const BASE = (process.env.BASE ?? 'http://127.0.0.1:1351').replace(/\/$/, '');

// Minimal PNG encoder (8-bit RGB, no filter), enough for Strapi to read dimensions and resize.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
function png(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const o = row + 1 + x * 3;
      // Two flat halves: compresses to almost nothing, also after Strapi resizes it.
      const left = x < width / 2;
      raw[o] = left ? 200 : 30;
      raw[o + 1] = left ? 60 : 120;
      raw[o + 2] = left ? 40 : 220;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

async function main() {
  const form = new FormData();
  form.append('files', new Blob([png(640, 480)], { type: 'image/png' }), 'large-cover.png');
  form.append('fileInfo', JSON.stringify({ alternativeText: 'Large cover', caption: 'Has formats' }));
  const uploaded = await fetch(`${BASE}/api/upload`, { method: 'POST', body: form });
  if (!uploaded.ok) throw new Error(`upload -> ${uploaded.status}: ${await uploaded.text()}`);
  const [large] = await uploaded.json();
  if (!large.formats?.thumbnail) throw new Error('the large image got no formats: is sharp working in the Strapi copy?');

  const { data: authors } = await call('GET', '/api/authors?sort=id');
  await call('PUT', `/api/authors/${authors[0].documentId}`, { data: { avatar: large.id } });

  const { data: articles } = await call('GET', '/api/articles?sort=id&status=published');
  // A full update publishes: draft and published rows both get the new cover.
  await call('PUT', `/api/articles/${articles[0].documentId}`, { data: { cover: large.id } });
  // An ordered multiple media field: the large image first, then a seed image.
  const { data: allArticles } = await call('GET', '/api/articles?sort=id&status=published&populate=gallery');
  const seedImage = (await call('GET', '/api/upload/files?sort=id'))[0];
  await call('PUT', `/api/articles/${allArticles[2].documentId}`, { data: { gallery: [large.id, seedImage.id] } });
  // A draft-only edit: the published row keeps its title, the draft row gets a new one.
  await call('PUT', `/api/articles/${articles[1].documentId}?status=draft`, {
    data: { title: `${articles[1].title} (draft edit)` },
  });

  await call('POST', '/api/auth/local/register', {
    username: 'reader1',
    email: 'reader1@example.com',
    password: 'Passw0rd!',
  });
  await call('POST', '/api/users-permissions/roles', {
    name: 'Editor',
    description: 'A custom role',
    type: 'editor',
    permissions: {},
  });

  const admin = await call('POST', '/admin/register-admin', {
    email: 'admin@example.com',
    password: 'Adm1nPassw0rd!',
    firstname: 'Ada',
    lastname: 'Min',
  });
  const token = admin.data.token;
  await call('POST', '/admin/api-tokens', { name: 'read-only token', type: 'read-only', lifespan: null, description: 'excluded from archives' }, token);
  await call('POST', '/admin/webhooks', {
    name: 'fixture hook',
    url: 'https://hooks.example.com/fixture',
    headers: { 'x-fixture': 'yes' },
    events: ['entry.create', 'entry.publish'],
  }, token);
  console.log('extras seeded');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
