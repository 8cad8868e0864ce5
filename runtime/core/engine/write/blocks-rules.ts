// Structure of a `blocks` (rich text) value: the node types Strapi 5's blocks editor writes.
// Strapi 5.54 refuses `[1, 2]` ("Block node is of invalid type"), a paragraph without children
// ("… children must have at least one Text or Link node"), inline nodes that are neither text nor
// link, and text nodes without `text`; the same rules here, with its wording. Only called on a
// value json-bounds.ts has accepted, so the recursion below is at most 31 levels deep.
// Two deliberate differences: a value that is not an array is refused (Strapi stores null instead
// of what was sent), and text must be a string (Strapi turns `text: 1` into "1").

type Record_ = Record<string, unknown>;

const isObject = (value: unknown): value is Record_ => typeof value === 'object' && value !== null && !Array.isArray(value);

const TEXT_BLOCKS: Record<string, string> = { paragraph: 'Paragraph', quote: 'Quote', code: 'Code', heading: 'Heading' };

/** The message for what is wrong with `value` as the blocks of `label`, or undefined. */
export function blocksProblem(value: unknown, label: string): string | undefined {
  if (!Array.isArray(value)) return `${label} must be an array of blocks`;
  for (let i = 0; i < value.length; i++) {
    const problem = blockProblem(value[i]);
    if (problem) return `${label}[${i}]: ${problem}`;
  }
  return undefined;
}

function blockProblem(node: unknown): string | undefined {
  if (!isObject(node) || typeof node.type !== 'string') return 'Block node is of invalid type';
  if (node.type === 'image') return isObject(node.image) && typeof node.image.url === 'string' ? undefined : 'image is a required field with a url';
  if (node.type === 'list') return listProblem(node);
  const name = TEXT_BLOCKS[node.type];
  if (!name) return 'Block node is of invalid type';
  if (node.type === 'heading' && !(typeof node.level === 'number' && Number.isInteger(node.level) && node.level >= 1 && node.level <= 6)) {
    return 'level is a required field (1 to 6)';
  }
  return inlineChildrenProblem(node.children, name);
}

function listProblem(node: Record_): string | undefined {
  if (node.format !== 'ordered' && node.format !== 'unordered') return 'format must be one of the following values: ordered, unordered';
  if (!Array.isArray(node.children)) return 'children is a required field';
  for (const child of node.children) {
    if (isObject(child) && child.type === 'list') {
      const problem = listProblem(child);
      if (problem) return problem;
    } else if (isObject(child) && child.type === 'list-item') {
      const problem = inlineChildrenProblem(child.children, 'List item');
      if (problem) return problem;
    } else {
      return 'List node children must be list items or lists';
    }
  }
  return undefined;
}

function inlineChildrenProblem(children: unknown, name: string): string | undefined {
  if (!Array.isArray(children) || children.length === 0) return `${name} node children must have at least one Text or Link node`;
  for (const child of children) {
    const problem = inlineProblem(child);
    if (problem) return problem;
  }
  return undefined;
}

function inlineProblem(node: unknown): string | undefined {
  if (!isObject(node)) return 'Inline node must be Text or Link';
  if (node.type === 'text') return typeof node.text === 'string' ? undefined : 'Text must be defined with at least an empty string';
  if (node.type === 'link') {
    if (typeof node.url !== 'string') return 'Please specify a valid link.';
    if (!Array.isArray(node.children)) return 'Link node children must have at least one Text node';
    for (const child of node.children) {
      if (!isObject(child) || child.type !== 'text' || typeof child.text !== 'string') return 'Link node children must be Text nodes';
    }
    return undefined;
  }
  return 'Inline node must be Text or Link';
}
