/**
 * Between two repaints of the tail, newly arrived text is shown as plain
 * text in the element where it will most likely end up: the last paragraph,
 * heading, list item, table cell or code of the tail. Within a line this
 * looks like the final rendering (markdown shows unfinished markup such as
 * `**bo` as typed anyway); the next repaint formats it.
 */
const NESTED_BLOCKS = new Set([
  'BLOCKQUOTE',
  'DIV',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'LI',
  'OL',
  'P',
  'PRE',
  'TABLE',
  'TBODY',
  'TD',
  'TH',
  'THEAD',
  'TR',
  'UL',
]);
const TEXT_HOLDERS = new Set(['CODE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'P', 'TD', 'TH']);

/** The innermost last block of `nodes` that holds text (the `<code>` of a code block), if any. */
export function provisionalTextHolder(nodes: readonly ChildNode[]): Element | undefined {
  let element = nodes.filter((node): node is Element => node.nodeType === Node.ELEMENT_NODE).at(-1);
  for (let child = element?.lastElementChild; child && NESTED_BLOCKS.has(child.tagName); child = child.lastElementChild) element = child;
  if (element?.tagName === 'PRE') element = element.querySelector('code') ?? undefined;
  return element && TEXT_HOLDERS.has(element.tagName) ? element : undefined;
}
