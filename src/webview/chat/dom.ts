/** Small DOM builders: every element of the chat UI is made through these, never from HTML strings. */

type Child = Node | string | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child !== undefined && child !== false) element.append(child);
  return element;
}

/** A button showing a codicon, named for screen readers by `label` (also its tooltip). */
export function iconButton(icon: string, label: string, onClick: () => void, attributes: Record<string, string> = {}): HTMLButtonElement {
  const button = el(
    'button',
    { type: 'button', class: 'icon-button', title: label, 'aria-label': label, ...attributes },
    el('span', { class: `codicon codicon-${icon}`, 'aria-hidden': 'true' }),
  );
  button.addEventListener('click', onClick);
  return button;
}

/** A button with a codicon and a visible text. */
export function textButton(icon: string, text: string, onClick: () => void, attributes: Record<string, string> = {}): HTMLButtonElement {
  const button = el(
    'button',
    { type: 'button', class: 'text-button', ...attributes },
    el('span', { class: `codicon codicon-${icon}`, 'aria-hidden': 'true' }),
    text,
  );
  button.addEventListener('click', onClick);
  return button;
}

/** A translated text whose placeholders ({0}, {1}…) stand for elements: the text's pieces with the elements in their places. */
export function withElements(template: string, ...elements: Node[]): Array<Node | string> {
  return template.split(/\{(\d+)\}/).map((piece, i) => (i % 2 === 0 ? piece : (elements[Number(piece)] ?? `{${piece}}`)));
}
