// Naming of stored files, as Strapi does it: the hash is the file's name made safe (letters,
// digits, `_`) plus a random suffix, so stored objects never collide and never carry a path; the
// extension comes from the original file name and keeps only letters and digits.
import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';

const MAX_SLUG_LENGTH = 100;

/** `Café menu (1)` → `Cafe_menu_1`; empty results fall back to `file`. */
export function slugify(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = ascii
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/_+$/, '');
  return slug || 'file';
}

/** A unique storage name derived from `baseName`: `<slug>_<10 hex chars>`. */
export function fileHash(baseName: string): string {
  return `${slugify(baseName)}_${randomBytes(5).toString('hex')}`;
}

/** `.png` from `photo.png`; '' when the name has no extension or one with unsafe characters. */
export function safeExtension(fileName: string): string {
  const ext = extname(fileName);
  return /^\.[A-Za-z0-9]{1,16}$/.test(ext) ? ext : '';
}

/** The name without its extension (`photo` from `photo.png`), as the hash's base. */
export function baseNameOf(name: string, ext: string): string {
  return ext && name.endsWith(ext) ? name.slice(0, -ext.length) : name;
}

/** Strapi reports sizes in kilobytes (1000 bytes) rounded to two decimals. */
export function bytesToKb(bytes: number): number {
  return Math.round((bytes / 1000) * 100) / 100;
}
