import { blocksProblem } from './blocks-rules';

const text = (value: string) => ({ type: 'text', text: value });

describe('blocksProblem', () => {
  it('accepts the node types of the blocks editor', () => {
    expect(blocksProblem([], 'content')).toBeUndefined();
    expect(
      blocksProblem(
        [
          { type: 'paragraph', children: [text('a'), { type: 'link', url: 'https://example.com', children: [text('b')] }] },
          { type: 'heading', level: 2, children: [text('h')] },
          { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('i')] }, { type: 'list', format: 'unordered', children: [] }] },
          { type: 'quote', children: [text('q')] },
          { type: 'code', children: [text('c')] },
          { type: 'image', image: { url: '/uploads/a.png' }, children: [text('')] },
        ],
        'content',
      ),
    ).toBeUndefined();
  });

  it("refuses what Strapi 5.54 refuses, in its words, and values that are not arrays", () => {
    expect(blocksProblem([1, 2], 'content')).toBe('content[0]: Block node is of invalid type');
    expect(blocksProblem([{ type: 'nope', children: [] }], 'content')).toBe('content[0]: Block node is of invalid type');
    expect(blocksProblem([{ type: 'paragraph', children: [] }], 'content')).toBe('content[0]: Paragraph node children must have at least one Text or Link node');
    expect(blocksProblem([{ type: 'paragraph', children: [1] }], 'content')).toBe('content[0]: Inline node must be Text or Link');
    expect(blocksProblem([{ type: 'paragraph', children: [{ type: 'text' }] }], 'content')).toBe('content[0]: Text must be defined with at least an empty string');
    expect(blocksProblem({ type: 'paragraph' }, 'content')).toBe('content must be an array of blocks');
  });
});
