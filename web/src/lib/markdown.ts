/**
 * A tiny safe Markdown parser for text panels. It produces a tree, never HTML: the React renderer
 * turns the tree into elements, so nothing a dashboard author writes can become markup or script.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em' | 'del'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'break' };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'quote'; children: Block[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'rule' };

/** Only http(s), mailto and same-site links survive; `javascript:` and friends become plain text. */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (/^[/#?]/.test(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return undefined;
  return trimmed;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ kind: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    let match: RegExpExecArray | null;
    if (rest.startsWith('\\') && rest.length > 1 && /[\\`*_[\]()#+\-.!~]/.test(rest[1]!)) {
      buffer += rest[1];
      i += 2;
    } else if ((match = /^`([^`]+)`/.exec(rest))) {
      flush();
      out.push({ kind: 'code', text: match[1]! });
      i += match[0].length;
    } else if ((match = /^(\*\*|__)(.+?)\1/.exec(rest))) {
      flush();
      out.push({ kind: 'strong', children: parseInline(match[2]!) });
      i += match[0].length;
    } else if ((match = /^~~(.+?)~~/.exec(rest))) {
      flush();
      out.push({ kind: 'del', children: parseInline(match[1]!) });
      i += match[0].length;
    } else if ((match = /^(\*|_)([^*_\s](?:.*?[^\s])?)\1/.exec(rest))) {
      flush();
      out.push({ kind: 'em', children: parseInline(match[2]!) });
      i += match[0].length;
    } else if ((match = /^\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)/.exec(rest))) {
      flush();
      const href = safeHref(match[2]!);
      if (href === undefined) out.push(...parseInline(match[1]!));
      else out.push({ kind: 'link', href, children: parseInline(match[1]!) });
      i += match[0].length;
    } else if ((match = /^<(https?:\/\/[^>\s]+)>/.exec(rest))) {
      flush();
      out.push({ kind: 'link', href: match[1]!, children: [{ kind: 'text', text: match[1]! }] });
      i += match[0].length;
    } else if ((match = /^ {2,}\n/.exec(rest))) {
      flush();
      out.push({ kind: 'break' });
      i += match[0].length;
    } else {
      buffer += text[i];
      i++;
    }
  }
  flush();
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    let match: RegExpExecArray | null;
    if (line.trim() === '') {
      i++;
    } else if (/^\s*(```|~~~)/.test(line)) {
      const fence = line.trim().slice(0, 3);
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence)) body.push(lines[i++]!);
      i++;
      blocks.push({ kind: 'code', text: body.join('\n') });
    } else if ((match = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line))) {
      blocks.push({ kind: 'heading', level: match[1]!.length as 1, children: parseInline(match[2]!) });
      i++;
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
    } else if (/^\s*>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i]!)) body.push(lines[i++]!.replace(/^\s*> ?/, ''));
      blocks.push({ kind: 'quote', children: parseMarkdown(body.join('\n')) });
    } else if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items: Inline[][] = [];
      while (i < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[i]!)) {
        items.push(parseInline(lines[i]!.replace(/^\s*([-*+]|\d+[.)])\s+/, '')));
        i++;
      }
      blocks.push({ kind: 'list', ordered, items });
    } else if (/^( {4}|\t)/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && (/^( {4}|\t)/.test(lines[i]!) || lines[i]!.trim() === '')) {
        body.push(lines[i++]!.replace(/^( {4}|\t)/, ''));
      }
      blocks.push({ kind: 'code', text: body.join('\n').trimEnd() });
    } else {
      const body: string[] = [];
      while (
        i < lines.length &&
        lines[i]!.trim() !== '' &&
        !/^(#{1,6}\s|\s*```|\s*>|\s*([-*+]|\d+[.)])\s+)/.test(lines[i]!)
      ) {
        body.push(lines[i++]!);
      }
      blocks.push({ kind: 'paragraph', children: parseInline(body.join('\n')) });
    }
  }
  return blocks;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The readable text of an HTML text panel: scripts and styles dropped, tags removed, common
 * entities decoded. Shown as text, so no markup from the dashboard ever reaches the page.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (match, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X'))
        return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code.toLowerCase()] ?? match;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
