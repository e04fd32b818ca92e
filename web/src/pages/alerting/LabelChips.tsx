/**
 * A label set as `name=value` chips, sorted by name. The engine's own `__name__` labels (rule uid,
 * folder uid) are left out, as Grafana's UI does: they say nothing a reader needs.
 */
export function LabelChips({ labels }: { labels: Record<string, string> }) {
  const names = Object.keys(labels)
    .filter((name) => !/^__.*__$/.test(name))
    .sort();
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
