/** The HTML calculate-diff answers with; the server escapes every value it puts in it. */
export function DiffHtml({ html }: { html: string }) {
  const empty = !/<(li|div) class="diff-(added|deleted|changed|line)/.test(html);
  if (empty) return <div className="muted">No changes.</div>;
  return <div className="diff-view" aria-label="Differences" dangerouslySetInnerHTML={{ __html: html }} />;
}
