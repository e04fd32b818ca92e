import type { HistoryEntry } from './history.js';
import { queryText } from './history.js';

/** The user's recent queries; a click loads one into the pane and runs it. */
export function QueryHistory({
  entries,
  onPick,
  onClear,
}: {
  entries: HistoryEntry[];
  onPick: (entry: HistoryEntry) => void;
  onClear: () => void;
}) {
  return (
    <section className="explore-history" aria-label="Query history">
      <header>
        <h3>Query history</h3>
        <div className="spacer" />
        {entries.length > 0 && (
          <button type="button" onClick={onClear}>
            Clear history
          </button>
        )}
      </header>
      {entries.length === 0 ? (
        <p className="muted">Queries you run appear here.</p>
      ) : (
        <ul>
          {entries.map((entry) => {
            const text = entry.queries.map(queryText).join(' ; ');
            return (
              <li key={`${entry.time}-${entry.datasource}-${text}`}>
                <button type="button" className="link" title={text} onClick={() => onPick(entry)}>
                  <span className="muted">{entry.datasourceName}</span> <code>{text}</code>
                </button>
                <span className="muted"> {new Date(entry.time).toLocaleTimeString()}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
