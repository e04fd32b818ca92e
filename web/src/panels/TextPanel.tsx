import type { ReactNode } from 'react';
import { htmlToText, parseMarkdown, type Block, type Inline } from '../lib/markdown.js';
import { interpolate } from '../lib/variables.js';
import type { PanelProps } from './types.js';

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'strong':
        return <strong key={i}>{inline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{inline(node.children)}</em>;
      case 'del':
        return <del key={i}>{inline(node.children)}</del>;
      case 'link':
        return (
          <a
            key={i}
            href={node.href}
            rel="noreferrer noopener"
            target={/^https?:/.test(node.href) ? '_blank' : undefined}
          >
            {inline(node.children)}
          </a>
        );
      case 'break':
        return <br key={i} />;
    }
  });
}

function block(node: Block, i: number): ReactNode {
  switch (node.kind) {
    case 'heading': {
      const Tag = `h${node.level}` as 'h1';
      return <Tag key={i}>{inline(node.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={i}>{inline(node.children)}</p>;
    case 'code':
      return (
        <pre key={i}>
          <code>{node.text}</code>
        </pre>
      );
    case 'quote':
      return <blockquote key={i}>{node.children.map(block)}</blockquote>;
    case 'list': {
      const Tag = node.ordered ? 'ol' : 'ul';
      return (
        <Tag key={i}>
          {node.items.map((item, j) => (
            <li key={j}>{inline(item)}</li>
          ))}
        </Tag>
      );
    }
    case 'rule':
      return <hr key={i} />;
  }
}

/**
 * Markdown rendered through a tree of React elements; HTML mode shows only the text of the HTML,
 * because raw HTML from a dashboard would run in every viewer's session.
 */
export default function TextPanel({ panel, vars }: PanelProps) {
  const options = panel.options ?? {};
  const mode = (options.mode as string | undefined) ?? panel.mode ?? 'markdown';
  const content = interpolate((options.content as string | undefined) ?? panel.content ?? '', vars);
  if (mode === 'markdown')
    return <div className="text-panel markdown">{parseMarkdown(content).map(block)}</div>;
  if (mode === 'html') return <div className="text-panel html-as-text">{htmlToText(content)}</div>;
  return <pre className="text-panel">{content}</pre>;
}
