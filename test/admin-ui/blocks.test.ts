// The blocks editor's model: Strapi's blocks JSON <-> one text per block with inline markup.
import { blocksToEditor, editorToBlocks, inlineToText, textToInline, type BlockNode } from '../../runtime/admin-ui/src/blocks';

describe('blocks editor model', () => {
  it('parses inline marks and links into Strapi text and link nodes', () => {
    expect(textToInline('Plain **bold** _it_ ++under++ ~~gone~~ `x*y` [site](https://e.com)')).toEqual([
      { type: 'text', text: 'Plain ' },
      { type: 'text', text: 'bold', bold: true },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'it', italic: true },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'under', underline: true },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'gone', strikethrough: true },
      { type: 'text', text: ' ' },
      { type: 'text', text: 'x*y', code: true },
      { type: 'text', text: ' ' },
      { type: 'link', url: 'https://e.com', children: [{ type: 'text', text: 'site' }] },
    ]);
  });

  it('keeps nested marks, escapes and unmatched tokens as text', () => {
    expect(textToInline('**bold _and italic_**')).toEqual([
      { type: 'text', text: 'bold ', bold: true },
      { type: 'text', text: 'and italic', bold: true, italic: true },
    ]);
    expect(textToInline('2 \\* 3 and a lone * star')).toEqual([{ type: 'text', text: '2 * 3 and a lone * star' }]);
    expect(textToInline('')).toEqual([{ type: 'text', text: '' }]);
    expect(textToInline('C++ and a ~ or two')).toEqual([{ type: 'text', text: 'C++ and a ~ or two' }]);
    expect(inlineToText([{ type: 'text', text: 'snake_case, C++, ~~x', bold: true, italic: true }])).toBe('_**snake\\_case, C\\+\\+, \\~\\~x**_');
    expect(textToInline('_**snake\\_case, C\\+\\+, \\~\\~x**_')).toEqual([{ type: 'text', text: 'snake_case, C++, ~~x', bold: true, italic: true }]);
  });

  it('gives back every document it writes unchanged (blocks -> text -> blocks)', () => {
    const doc: BlockNode[] = [
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Title with ' }, { type: 'text', text: 'code', code: true }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'A ' },
          { type: 'text', text: 'bold', bold: true },
          { type: 'text', text: ' move, a * star, ' },
          { type: 'link', url: 'https://strapi.io', children: [{ type: 'text', text: 'a link', italic: true }] },
        ],
      },
      { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'one' }] }, { type: 'list-item', children: [{ type: 'text', text: 'two', strikethrough: true }] }] },
      { type: 'quote', children: [{ type: 'text', text: 'Said someone' }] },
      { type: 'code', language: 'ts', children: [{ type: 'text', text: 'const a = `*x*`;\nreturn a;' }] },
      { type: 'image', image: { name: 'a.png', url: '/uploads/a.png' }, children: [{ type: 'text', text: '' }] },
    ];
    expect(editorToBlocks(blocksToEditor(doc))).toEqual(doc);
    expect(blocksToEditor(doc).map((b) => b.kind)).toEqual(['h2', 'paragraph', 'ol', 'quote', 'code', 'image']);
    expect(inlineToText((doc[1] as Extract<BlockNode, { type: "paragraph" }>).children)).toBe('A **bold** move, a \\* star, [_a link_](https://strapi.io)');
  });

  it('reads a missing or non-array value as an empty document', () => {
    expect(blocksToEditor(null)).toEqual([]);
    expect(blocksToEditor('text')).toEqual([]);
  });
});
