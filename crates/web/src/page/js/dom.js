// The page's two DOM helpers: an element by id, and a new element with its properties
// and children.

export const $ = (id) => document.getElementById(id);

/** An element with properties and children (strings become text). */
export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (key === 'class') node.className = value;
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('aria-') || key === 'role' || key === 'tabindex' || key === 'dir' || key === 'lang') node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children) {
    if (child != null) node.append(child);
  }
  return node;
}
