// Structure of a `blocks` (rich text) value: the node types Strapi 5's blocks editor writes, refused
// as Strapi 5.54 refuses them: every problem of every node, each at its own path, in its words
// (side by side on the blog fixture and PLUTO's schemas, test/pluto):
//   [1, 2]                                  → content[0] and content[1] "Block node is of invalid type" (value: the node)
//   [{ type: 'paragraph' }]                 → content[0].children "content[0].children is a required field"
//   [{ type: 'paragraph', children: [] }]   → content[0].children "Paragraph node children must have at least one Text or Link node"
//   [{ type: 'paragraph', children: [{ type: 'bold' }] }] → content[0].children[0] "Inline node must be Text or Link"
//   [{ type: 'heading', children: […] }]    → content[0].level "content[0].level is a required field"
//   [{ type: 'list', format: 'bullets', children: [] }] → content[0].format "… must be one of the following
//                                              values: ordered, unordered", then content[0].children
//                                              "List node children must have at least one ListItem or ListNode"
// Only called on a value json-bounds.ts has accepted, so the recursion below is at most 31 levels
// deep. Two deliberate differences: a value that is not an array is refused (Strapi stores null
// instead of what was sent), and text must be a string (Strapi turns `text: 1` into "1").

type Record_ = Record<string, unknown>;

/** One problem, at a path below the attribute (`[0, 'children']`); `value` when Strapi reports one. */
export interface BlockIssue {
  at: (string | number)[];
  message: string;
  value?: unknown;
}

const isObject = (value: unknown): value is Record_ => typeof value === 'object' && value !== null && !Array.isArray(value);

const TEXT_BLOCKS: Record<string, string> = { paragraph: 'Paragraph', quote: 'Quote', code: 'Code', heading: 'Heading' };

/** yup's label of a path below `label`: `content[0].children[1]`. */
function labelAt(label: string, at: (string | number)[]): string {
  return at.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : `${text}.${part}`), label);
}

/** The problems of `value` as the blocks of `label` (none: it is well formed). */
export function blocksIssues(value: unknown, label: string): BlockIssue[] {
  if (!Array.isArray(value)) return [{ at: [], message: `${label} must be an array of blocks`, value }];
  const issues: BlockIssue[] = [];
  const required = (at: (string | number)[]) => issues.push({ at, message: `${labelAt(label, at)} is a required field` });
  for (let i = 0; i < value.length; i++) blockIssues(value[i], [i], issues, label, required);
  return issues;
}

type Required = (at: (string | number)[]) => void;

function blockIssues(node: unknown, at: (string | number)[], issues: BlockIssue[], label: string, required: Required): void {
  if (!isObject(node) || typeof node.type !== 'string') {
    issues.push({ at, message: 'Block node is of invalid type', value: node });
    return;
  }
  if (node.type === 'image') {
    if (!(isObject(node.image) && typeof node.image.url === 'string')) issues.push({ at: [...at, 'image'], message: `${labelAt(label, [...at, 'image'])} is a required field with a url`, value: node.image });
    return;
  }
  if (node.type === 'list') {
    listIssues(node, at, issues, label, required);
    return;
  }
  const name = TEXT_BLOCKS[node.type];
  if (!name) {
    issues.push({ at, message: 'Block node is of invalid type', value: node });
    return;
  }
  if (node.type === 'heading') {
    if (node.level === undefined) required([...at, 'level']);
    else if (!(typeof node.level === 'number' && Number.isInteger(node.level) && node.level >= 1 && node.level <= 6)) {
      issues.push({ at: [...at, 'level'], message: `${labelAt(label, [...at, 'level'])} must be one of the following values: 1, 2, 3, 4, 5, 6`, value: node.level });
    }
  }
  inlineChildrenIssues(node.children, [...at, 'children'], name, issues, required);
}

function listIssues(node: Record_, at: (string | number)[], issues: BlockIssue[], label: string, required: Required): void {
  if (node.format !== 'ordered' && node.format !== 'unordered') {
    issues.push({ at: [...at, 'format'], message: `${labelAt(label, [...at, 'format'])} must be one of the following values: ordered, unordered`, value: node.format });
  }
  const childrenAt = [...at, 'children'];
  if (node.children === undefined) {
    required(childrenAt);
    return;
  }
  if (!Array.isArray(node.children) || node.children.length === 0) {
    issues.push({ at: childrenAt, message: 'List node children must have at least one ListItem or ListNode', value: node.children });
    return;
  }
  node.children.forEach((child, j) => {
    if (isObject(child) && child.type === 'list') listIssues(child, [...childrenAt, j], issues, label, required);
    else if (isObject(child) && child.type === 'list-item') inlineChildrenIssues(child.children, [...childrenAt, j, 'children'], 'List item', issues, required);
    else issues.push({ at: [...childrenAt, j], message: 'List node children must be list items or lists', value: child });
  });
}

function inlineChildrenIssues(children: unknown, at: (string | number)[], name: string, issues: BlockIssue[], required: Required): void {
  if (children === undefined) {
    required(at);
    return;
  }
  if (!Array.isArray(children) || children.length === 0) {
    issues.push({ at, message: `${name} node children must have at least one Text or Link node`, value: children });
    return;
  }
  children.forEach((child, j) => {
    const problem = inlineProblem(child);
    if (problem) issues.push({ at: [...at, j], message: problem, value: child });
  });
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
