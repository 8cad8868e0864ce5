// Decides a file's media type from its bytes, never from what the client declared: the sniffed
// type when the bytes identify a format, otherwise the extension's type for text formats. A name
// that promises one kind of content over bytes of another (a `.png` holding an executable, a
// `.txt` holding a PNG) is refused, because browsers, media fields and image processing would all
// believe the name.
import { typeOfExtension, type ExtensionType } from './mime-table';

export interface SniffedType {
  mime: string;
  /** Extension without the dot, as the sniffer reports it (`png`). */
  ext: string;
}

export interface DetectInput {
  /** Safe extension of the original file name (`.png`), '' when none. */
  ext: string;
  sniffed: SniffedType | undefined;
  /** True when the first bytes look like text (no NUL byte). */
  looksText: boolean;
}

export type Detected = { mime: string; ext: string } | { mismatch: string };

/** Text formats the sniffer reports as generic XML when they start with an XML prolog. */
const XML_SNIFFS = new Set(['application/xml', 'text/xml']);

const topLevel = (mime: string): string => mime.split('/')[0];
const family = (mime: string): string => {
  const top = topLevel(mime);
  // A webm or ogg file is audio or video depending on its tracks; the name cannot tell.
  return top === 'audio' || top === 'video' ? 'av' : top;
};

function compatible(expected: ExtensionType, sniffed: string): boolean {
  if (expected.mime === sniffed || expected.container === sniffed) return true;
  const fam = family(expected.mime);
  return (fam === 'image' || fam === 'av' || fam === 'font') && fam === family(sniffed);
}

export function detectType({ ext, sniffed, looksText }: DetectInput): Detected {
  const expected = typeOfExtension(ext);
  if (sniffed) {
    if (expected && !expected.sniffable && XML_SNIFFS.has(sniffed.mime)) return { mime: expected.mime, ext };
    if (expected && !compatible(expected, sniffed.mime)) {
      return { mismatch: `The content of this ${ext} file is ${sniffed.mime}, not ${expected.mime}` };
    }
    // A container reported for a format built on it: the extension is the more precise type.
    const mime = expected?.container === sniffed.mime ? expected.mime : sniffed.mime;
    return { mime, ext: ext || `.${sniffed.ext}` };
  }
  if (expected?.sniffable) return { mismatch: `The content of this ${ext} file is not ${expected.mime}` };
  if (expected) return looksText ? { mime: expected.mime, ext } : { mismatch: `The content of this ${ext} file is not text` };
  return { mime: looksText ? 'text/plain' : 'application/octet-stream', ext };
}
