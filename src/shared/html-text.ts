/** The text of a sanitised HTML fragment, as one line (structured data, summaries): tags dropped, entities decoded. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

export const htmlText = (html: string) =>
  html
    .replace(/<(br|\/p|\/li|\/h\d|\/tr)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d?);/gi, (m, name: string) => {
      if (ENTITIES[name] !== undefined) return ENTITIES[name]!;
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
      }
      return m;
    })
    .replace(/\s+/g, ' ')
    .trim();
