/** A label set as `name=value` chips, sorted by name. */
export function LabelChips({ labels }: { labels: Record<string, string> }) {
  const names = Object.keys(labels).sort();
  if (names.length === 0) return <span className="muted">No labels</span>;
  return (
    <span className="label-chips">
      {names.map((name) => (
        <span key={name} className="policy-chip" data-label={name}>
          {name}={labels[name]}
        </span>
      ))}
    </span>
  );
}
