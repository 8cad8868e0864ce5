// Hostile image files for upload tests, written byte by byte so they cost nothing to make: a PNG
// whose pixels are all zero compresses about 1000:1, so a few KB can claim 16000×16000 (256 Mpx,
// under sharp's default limit of 268 Mpx) and decode to gigabytes.
import { deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An IHDR for a 1-bit greyscale image of this size. */
function header(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  return chunk('IHDR', ihdr);
}

const END = chunk('IEND', Buffer.alloc(0));

/** A complete, valid 1-bit PNG of zero pixels: tiny on disk, `width × height` pixels decoded. */
export function zeroPng(width: number, height: number): Buffer {
  const rowBytes = 1 + Math.ceil(width / 8);
  // The filtered rows (filter byte 0, all-zero bits): 32 MB for 16000×16000, freed once deflated.
  const rows = Buffer.alloc(rowBytes * height);
  return Buffer.concat([SIGNATURE, header(width, height), chunk('IDAT', deflateSync(rows, { level: 9 })), END]);
}

/** A PNG of a few dozen bytes whose header claims `width × height` over pixel data that is not there. */
export function lyingPng(width: number, height: number): Buffer {
  return Buffer.concat([SIGNATURE, header(width, height), chunk('IDAT', deflateSync(Buffer.alloc(2))), END]);
}

/** A PNG signature followed by an IHDR sharp cannot parse (zero width): the bytes say PNG, the header is broken. */
export function brokenHeaderPng(): Buffer {
  return Buffer.concat([SIGNATURE, header(0, 0), chunk('IDAT', deflateSync(Buffer.alloc(2))), END]);
}

/** An SVG that declares 16000×16000: rasterizing it would allocate about a gigabyte. */
export function hugeSvg(size = 16000): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#c00"/></svg>`;
}
