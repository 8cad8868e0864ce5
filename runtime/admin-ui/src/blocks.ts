// Strapi's blocks JSON <-> the editor's model: one text area per block, inline marks written as
// light markup (**bold**, _italic_, ++underline++, ~~strike~~, `code`, [text](url)). A list
// block holds one item per line. Parsing then serializing a document gives it back unchanged for
// every node this editor writes. (Italic is _x_ and underline ++x++, so that no two marks share a
// character and bold italic text reads back as it was written.)
export interface TextNode {
  type: 'text';
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
}
export interface LinkNode {
  type: 'link';
  url: string;
  children: TextNode[];
}
export type InlineNode = TextNode | LinkNode;
export type BlockNode =
  | { type: 'paragraph'; children: InlineNode[] }
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: InlineNode[] }
  | { type: 'quote'; children: InlineNode[] }
  | { type: 'code'; language?: string; children: TextNode[] }
  | { type: 'list'; format: 'ordered' | 'unordered'; children: { type: 'list-item'; children: InlineNode[] }[] }
  | { type: 'image'; image: Record<string, unknown>; children: TextNode[] };

export type BlockKind = 'paragraph' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'quote' | 'code' | 'ul' | 'ol' | 'image';

export interface EditorBlock {
  kind: BlockKind;
  text: string;
  /** What the editor does not edit (an image's file, a code block's language) travels untouched. */
  extra?: Record<string, unknown>;
}

const MARKS: [keyof TextNode, string][] = [
  ['code', '`'],
  ['bold', '**'],
  ['underline', '++'],
  ['strikethrough', '~~'],
  ['italic', '_'],
];

/** Backslashes before what would read as markup: \ ` * _ [ ], and doubled + or ~. */
function escape(text: string): string {
  return text.replace(/([\\`*_[\]])/g, '\\$1').replace(/\+\+/g, '\\+\\+').replace(/~~/g, '\\~\\~');
}

export function inlineToText(nodes: InlineNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'link') return `[${inlineToText(node.children)}](${node.url})`;
      if (node.code) return `\`${node.text.replace(/`/g, '\\`')}\``;
      let text = escape(node.text);
      if (text === '') return '';
      for (const [mark, token] of MARKS) if (mark !== 'code' && node[mark]) text = `${token}${text}${token}`;
      return text;
    })
    .join('');
}

type Marks = Omit<TextNode, 'type' | 'text'>;

/** Parses inline markup; an unmatched token is plain text. */
export function textToInline(source: string): InlineNode[] {
  const out: InlineNode[] = [];
  const push = (text: string, marks: Marks) => {
    if (text === '') return;
    const last = out[out.length - 1];
    const node: TextNode = { type: 'text', text, ...marks };
    if (last && last.type === 'text' && sameMarks(last, node)) last.text += text;
    else out.push(node);
  };
  parseInto(source, {}, push, (url, children) => out.push({ type: 'link', url, children }));
  if (out.length === 0) out.push({ type: 'text', text: '' });
  return out;
}

function sameMarks(a: TextNode, b: TextNode): boolean {
  return MARKS.every(([mark]) => !!a[mark] === !!b[mark]);
}

function parseInto(source: string, marks: Marks, push: (text: string, marks: Marks) => void, link?: (url: string, children: TextNode[]) => void): void {
  let i = 0;
  let plain = '';
  const flush = () => {
    push(plain, marks);
    plain = '';
  };
  while (i < source.length) {
    const ch = source[i];
    if (ch === '\\' && i + 1 < source.length) {
      plain += source[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = findClose(source, i + 1, '`');
      if (end > i) {
        flush();
        push(source.slice(i + 1, end).replace(/\\`/g, '`'), { ...marks, code: true });
        i = end + 1;
        continue;
      }
    }
    if (ch === '[' && link) {
      const close = findClose(source, i + 1, ']');
      if (close > i && source[close + 1] === '(') {
        const end = source.indexOf(')', close + 2);
        if (end > close) {
          flush();
          const children: TextNode[] = [];
          parseInto(source.slice(i + 1, close), marks, (text, m) => text !== '' && children.push({ type: 'text', text, ...m }));
          link(source.slice(close + 2, end), children.length ? children : [{ type: 'text', text: '' }]);
          i = end + 1;
          continue;
        }
      }
    }
    const mark = MARKS.find(([m, token]) => m !== 'code' && source.startsWith(token, i));
    if (mark) {
      const [name, token] = mark;
      const end = findClose(source, i + token.length, token);
      if (end > i + token.length - 1 && end !== i + token.length) {
        flush();
        parseInto(source.slice(i + token.length, end), { ...marks, [name]: true }, push, link);
        i = end + token.length;
        continue;
      }
    }
    plain += ch;
    i += 1;
  }
  flush();
}

/** The index of the closing `token` from `from`, skipping escaped characters; -1 when none. */
function findClose(source: string, from: number, token: string): number {
  for (let i = from; i < source.length; i++) {
    if (source[i] === '\\') {
      i++;
      continue;
    }
    if (source.startsWith(token, i)) return i;
  }
  return -1;
}

const plainText = (nodes: { text?: string }[]): string => nodes.map((n) => n.text ?? '').join('');

export function blocksToEditor(value: unknown): EditorBlock[] {
  if (!Array.isArray(value)) return [];
  return (value as BlockNode[]).map((block): EditorBlock => {
    switch (block.type) {
      case 'heading':
        return { kind: `h${block.level}` as BlockKind, text: inlineToText(block.children) };
      case 'quote':
        return { kind: 'quote', text: inlineToText(block.children) };
      case 'code':
        return { kind: 'code', text: plainText(block.children), extra: block.language ? { language: block.language } : undefined };
      case 'list':
        return { kind: block.format === 'ordered' ? 'ol' : 'ul', text: block.children.map((item) => inlineToText(item.children)).join('\n') };
      case 'image':
        return { kind: 'image', text: '', extra: { image: block.image } };
      case 'paragraph':
      default:
        return { kind: 'paragraph', text: inlineToText((block as { children?: InlineNode[] }).children ?? []) };
    }
  });
}

export function editorToBlocks(blocks: EditorBlock[]): BlockNode[] {
  return blocks.map((block): BlockNode => {
    switch (block.kind) {
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        return { type: 'heading', level: Number(block.kind.slice(1)) as 1, children: textToInline(block.text) };
      case 'quote':
        return { type: 'quote', children: textToInline(block.text) };
      case 'code':
        return { type: 'code', ...(block.extra?.language ? { language: block.extra.language as string } : {}), children: [{ type: 'text', text: block.text }] };
      case 'ul':
      case 'ol':
        return {
          type: 'list',
          format: block.kind === 'ol' ? 'ordered' : 'unordered',
          children: block.text.split('\n').map((line) => ({ type: 'list-item' as const, children: textToInline(line) })),
        };
      case 'image':
        return { type: 'image', image: (block.extra?.image ?? {}) as Record<string, unknown>, children: [{ type: 'text', text: '' }] };
      case 'paragraph':
      default:
        return { type: 'paragraph', children: textToInline(block.text) };
    }
  });
}
