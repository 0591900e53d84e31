/**
 * For tests: what a reader sees of an article body, as lines of text, so two renderings (the editor's DOM, the
 * stored body, the article page) can be compared whatever their markup. Understands both list forms: Quill's flat
 * `<ol><li data-list="bullet" class="ql-indent-1">` and nested `<ul>`/`<ol>`.
 *
 * - `h2: text`, `p: text`, `img: src`
 * - list items: two spaces a level, then `•` (bullet) or `#` (numbered), then the item's own text
 * - tables: `table`, then `| cell | cell |` a row
 * - in text: `*bold*`, `_italic_`, `~struck~`, `[text](href)`; whitespace collapsed
 */
import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';

export function outline(html: string): string[] {
  const lines: string[] = [];
  const block = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isTag(node)) continue;
      const heading = /^h[1-6]$/.test(node.name);
      if (heading || node.name === 'p') {
        const text = inline(node.children);
        if (text) lines.push(`${node.name}: ${text}`);
        for (const img of images(node)) lines.push(`img: ${img}`);
      } else if (node.name === 'ul' || node.name === 'ol') list(node, 0);
      else if (node.name === 'table') {
        lines.push('table');
        for (const tr of descendants(node, 'tr'))
          lines.push(
            `| ${tr.children
              .filter(isCell)
              .map((c) => inline(c.children) || '-')
              .join(' | ')} |`,
          );
      } else block(node.children);
    }
  };
  const list = (el: Element, depth: number) => {
    for (const li of el.children.filter(isTag)) {
      if (li.name !== 'li') continue;
      const kind = li.attribs['data-list'] ?? (el.name === 'ol' ? 'ordered' : 'bullet');
      const indent = Number(/ql-indent-(\d+)/.exec(li.attribs.class ?? '')?.[1] ?? 0);
      lines.push(`${'  '.repeat(depth + indent)}${kind === 'ordered' ? '#' : '•'} ${inline(li.children)}`);
      for (const sub of li.children.filter(isTag))
        if (sub.name === 'ul' || sub.name === 'ol') list(sub, depth + indent + 1);
    }
  };
  block(parseDocument(html).children);
  return lines;
}

const isCell = (n: ChildNode): n is Element => isTag(n) && (n.name === 'td' || n.name === 'th');

function inline(nodes: ChildNode[]): string {
  const walk = (ns: ChildNode[]): string =>
    ns
      .map((n) => {
        if (isText(n)) return n.data;
        if (!isTag(n) || n.name === 'ul' || n.name === 'ol') return '';
        if (n.name === 'br') return ' ';
        const inner = walk(n.children);
        if (!inner.trim()) return inner;
        if (n.name === 'strong' || n.name === 'b') return `*${inner}*`;
        if (n.name === 'em' || n.name === 'i') return `_${inner}_`;
        if (n.name === 's' || n.name === 'strike') return `~${inner}~`;
        if (n.name === 'a') return `[${inner}](${n.attribs.href ?? ''})`;
        return inner;
      })
      .join('');
  return walk(nodes)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

function images(el: Element): string[] {
  return descendants(el, 'img').map((img) => img.attribs.src ?? '');
}

function descendants(el: Element, name: string): Element[] {
  const found: Element[] = [];
  for (const child of el.children)
    if (isTag(child)) {
      if (child.name === name) found.push(child);
      found.push(...descendants(child, name));
    }
  return found;
}
