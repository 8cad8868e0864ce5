import { blocksIssues } from './blocks-rules';

const text = (value: string) => ({ type: 'text', text: value });

describe('blocksIssues', () => {
  it('accepts the node types of the blocks editor', () => {
    expect(blocksIssues([], 'content')).toEqual([]);
    expect(
      blocksIssues(
        [
          { type: 'paragraph', children: [text('a'), { type: 'link', url: 'https://example.com', children: [text('b')] }] },
          { type: 'heading', level: 2, children: [text('h')] },
          { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('i')] }, { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('j')] }] }] },
          { type: 'quote', children: [text('q')] },
          { type: 'code', children: [text('c')] },
          { type: 'image', image: { url: '/uploads/a.png' }, children: [text('')] },
        ],
        'content',
      ),
    ).toEqual([]);
  });

  it('refuses what Strapi 5.54 refuses: every problem at its own path, in its words, and values that are not arrays', () => {
    expect(blocksIssues([1, 2], 'content')).toEqual([
      { at: [0], message: 'Block node is of invalid type', value: 1 },
      { at: [1], message: 'Block node is of invalid type', value: 2 },
    ]);
    expect(blocksIssues([{ type: 'nope', children: [] }], 'content')).toEqual([{ at: [0], message: 'Block node is of invalid type', value: { type: 'nope', children: [] } }]);
    expect(blocksIssues([{ type: 'paragraph' }], 'content')).toEqual([{ at: [0, 'children'], message: 'content[0].children is a required field' }]);
    expect(blocksIssues([{ type: 'paragraph', children: [] }], 'content')).toEqual([{ at: [0, 'children'], message: 'Paragraph node children must have at least one Text or Link node', value: [] }]);
    expect(blocksIssues([{ type: 'paragraph', children: [{ type: 'bold' }] }], 'content')).toEqual([{ at: [0, 'children', 0], message: 'Inline node must be Text or Link', value: { type: 'bold' } }]);
    expect(blocksIssues([{ type: 'heading', children: [text('h')] }], 'content')).toEqual([{ at: [0, 'level'], message: 'content[0].level is a required field' }]);
    expect(blocksIssues([{ type: 'list', format: 'bullets', children: [] }], 'content')).toEqual([
      { at: [0, 'format'], message: 'content[0].format must be one of the following values: ordered, unordered', value: 'bullets' },
      { at: [0, 'children'], message: 'List node children must have at least one ListItem or ListNode', value: [] },
    ]);
    // A nested list must have items too, and a heading's level is one of six (both as Strapi answered).
    expect(blocksIssues([{ type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('i')] }, { type: 'list', format: 'unordered', children: [] }] }], 'content')).toEqual([
      { at: [0, 'children', 1, 'children'], message: 'List node children must have at least one ListItem or ListNode', value: [] },
    ]);
    expect(blocksIssues([{ type: 'heading', level: 9, children: [text('h')] }], 'content')).toEqual([{ at: [0, 'level'], message: 'content[0].level must be one of the following values: 1, 2, 3, 4, 5, 6', value: 9 }]);
    expect(blocksIssues([{ type: 'paragraph', children: [{ type: 'text' }] }], 'content')).toEqual([{ at: [0, 'children', 0], message: 'Text must be defined with at least an empty string', value: { type: 'text' } }]);
    expect(blocksIssues({ type: 'paragraph' }, 'content')).toEqual([{ at: [], message: 'content must be an array of blocks', value: { type: 'paragraph' } }]);
  });
});
