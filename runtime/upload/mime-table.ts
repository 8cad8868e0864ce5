// Media types by file extension. `sniffable` marks binary formats whose bytes identify them (the
// sniffer recognises them), so a file named like one but not recognised is not one; the others are
// text formats that only the name can tell apart.

export interface ExtensionType {
  mime: string;
  sniffable: boolean;
  /** The generic format these files are built on, which the sniffer may report instead (docx: zip). */
  container?: string;
}

const binary = (mime: string, container?: string): ExtensionType => ({ mime, sniffable: true, ...(container ? { container } : {}) });
const ZIP = 'application/zip';
const CFB = 'application/x-cfb';
const text = (mime: string): ExtensionType => ({ mime, sniffable: false });

const TABLE: Readonly<Record<string, ExtensionType>> = {
  // images
  '.jpg': binary('image/jpeg'),
  '.jpeg': binary('image/jpeg'),
  '.jfif': binary('image/jpeg'),
  '.png': binary('image/png'),
  '.gif': binary('image/gif'),
  '.webp': binary('image/webp'),
  '.avif': binary('image/avif'),
  '.tif': binary('image/tiff'),
  '.tiff': binary('image/tiff'),
  '.bmp': binary('image/bmp'),
  '.ico': binary('image/x-icon'),
  '.heic': binary('image/heic'),
  '.heif': binary('image/heif'),
  '.svg': text('image/svg+xml'),
  // video
  '.mp4': binary('video/mp4'),
  '.m4v': binary('video/x-m4v'),
  '.mov': binary('video/quicktime'),
  '.webm': binary('video/webm'),
  '.mkv': binary('video/x-matroska'),
  '.avi': binary('video/vnd.avi'),
  '.mpeg': binary('video/mpeg'),
  '.mpg': binary('video/mpeg'),
  '.ogv': binary('video/ogg'),
  // audio
  '.mp3': binary('audio/mpeg'),
  '.wav': binary('audio/wav'),
  '.ogg': binary('audio/ogg'),
  '.oga': binary('audio/ogg'),
  '.opus': binary('audio/ogg'),
  '.flac': binary('audio/flac'),
  '.m4a': binary('audio/x-m4a'),
  '.aac': binary('audio/aac'),
  '.weba': binary('audio/webm'),
  // documents and archives
  '.pdf': binary('application/pdf'),
  '.zip': binary('application/zip'),
  '.gz': binary('application/gzip'),
  '.7z': binary('application/x-7z-compressed'),
  '.rar': binary('application/x-rar-compressed'),
  '.doc': binary('application/msword', CFB),
  '.xls': binary('application/vnd.ms-excel', CFB),
  '.ppt': binary('application/vnd.ms-powerpoint', CFB),
  '.docx': binary('application/vnd.openxmlformats-officedocument.wordprocessingml.document', ZIP),
  '.xlsx': binary('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ZIP),
  '.pptx': binary('application/vnd.openxmlformats-officedocument.presentationml.presentation', ZIP),
  '.odt': binary('application/vnd.oasis.opendocument.text', ZIP),
  '.ods': binary('application/vnd.oasis.opendocument.spreadsheet', ZIP),
  '.odp': binary('application/vnd.oasis.opendocument.presentation', ZIP),
  '.epub': binary('application/epub+zip', ZIP),
  '.woff': binary('font/woff'),
  '.woff2': binary('font/woff2'),
  '.ttf': binary('font/ttf'),
  '.otf': binary('font/otf'),
  // text
  '.txt': text('text/plain'),
  '.text': text('text/plain'),
  '.log': text('text/plain'),
  '.md': text('text/markdown'),
  '.csv': text('text/csv'),
  '.tsv': text('text/tab-separated-values'),
  '.html': text('text/html'),
  '.htm': text('text/html'),
  '.css': text('text/css'),
  '.js': text('text/javascript'),
  '.mjs': text('text/javascript'),
  '.json': text('application/json'),
  '.xml': text('application/xml'),
  '.yaml': text('application/yaml'),
  '.yml': text('application/yaml'),
  '.rtf': text('application/rtf'),
  '.ics': text('text/calendar'),
  '.vtt': text('text/vtt'),
  '.srt': text('application/x-subrip'),
};

export function typeOfExtension(ext: string): ExtensionType | undefined {
  const key = ext.toLowerCase();
  return Object.prototype.hasOwnProperty.call(TABLE, key) ? TABLE[key] : undefined;
}
