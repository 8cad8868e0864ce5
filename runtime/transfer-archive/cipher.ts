// The encryption `strapi export --key` applies to the whole (possibly gzipped) tar: AES-128 in ECB
// mode with PKCS#7 padding, its 16-byte key derived from the passphrase by scrypt with an empty salt
// and Node's default cost (N=16384, r=8, p=1). ECB has no IV, so every 16-byte block decrypts on its
// own, which lets the reader test a key on the first blocks before streaming the rest.
import { createCipheriv, createDecipheriv, scrypt, type Cipher, type Decipher } from 'node:crypto';

export const CIPHER_ALGORITHM = 'aes-128-ecb';
export const CIPHER_BLOCK = 16;

export function deriveKey(passphrase: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(passphrase, '', 16, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export const createArchiveCipher = (key: Buffer): Cipher => createCipheriv(CIPHER_ALGORITHM, key, null);

export const createArchiveDecipher = (key: Buffer): Decipher => createDecipheriv(CIPHER_ALGORITHM, key, null);

/** Decrypts whole blocks without touching padding: for sniffing the start of an archive. */
export function decryptBlocks(key: Buffer, blocks: Buffer): Buffer {
  const usable = blocks.subarray(0, blocks.length - (blocks.length % CIPHER_BLOCK));
  const decipher = createArchiveDecipher(key);
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(usable), decipher.final()]);
}
