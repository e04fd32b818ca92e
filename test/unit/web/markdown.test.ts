import { describe, expect, it } from 'vitest';
import { htmlToText, parseInline, parseMarkdown, safeHref } from '../../../web/src/lib/markdown.js';

describe('safe markdown', () => {
  it('parses headings, paragraphs, lists, quotes, code and rules', () => {
    const blocks = parseMarkdown(
      '# Title\n\nSome *text*\nmore\n\n- a\n- b\n\n1. one\n\n> quoted\n\n```\ncode <b>\n```\n\n---',
    );
    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'quote',
      'code',
      'rule',
    ]);
    expect(blocks[0]).toEqual({ kind: 'heading', level: 1, children: [{ kind: 'text', text: 'Title' }] });
    expect(blocks[5]).toEqual({ kind: 'code', text: 'code <b>' });
    expect((blocks[3] as { ordered: boolean }).ordered).toBe(true);
  });

  it('parses emphasis, strong, code, strikethrough and links', () => {
    expect(parseInline('**b** _i_ `c` ~~d~~ [l](https://x.io)')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'i' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c' },
      { kind: 'text', text: ' ' },
      { kind: 'del', children: [{ kind: 'text', text: 'd' }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://x.io', children: [{ kind: 'text', text: 'l' }] },
    ]);
  });

  it('keeps HTML as text and drops dangerous link schemes', () => {
    expect(parseInline('<script>alert(1)</script>')).toEqual([
      { kind: 'text', text: '<script>alert(1)</script>' },
    ]);
    expect(parseInline('[x](javascript:alert(1))')).toEqual([
      { kind: 'text', text: 'x' },
      { kind: 'text', text: ')' },
    ]);
    expect(safeHref('JavaScript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,hi')).toBeUndefined();
    expect(safeHref('/d/abc')).toBe('/d/abc');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeHref('relative/path')).toBe('relative/path');
  });

  it('reduces HTML text panels to their text', () => {
    expect(
      htmlToText('<div class="x"><span>Home &amp; away</span></div><script>alert(1)</script><p>a</p>b&#33;'),
    ).toBe('Home & away\na\nb!');
  });
});
