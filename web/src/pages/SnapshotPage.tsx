import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client.js';
import { snapshotByKey, type SnapshotResponse } from '../api/snapshots.js';
import { useSession } from '../app/session.js';
import { layoutPanels, GRID_CELL_HEIGHT, GRID_MARGIN } from '../lib/layout.js';
import type { Panel } from '../lib/model.js';
import { frozenPanelData } from '../lib/snapshot-data.js';
import { describeRange, resolveRange, type TimeRange } from '../lib/time.js';
import { panelComponent, queriesData } from '../panels/registry.js';

type FrozenPanel = Panel & { snapshotData?: unknown };

/**
 * `/dashboard/snapshot/{key}`: a snapshot's panels drawn from the data frozen in them, never
 * through a data source; its time range is the one it was taken over.
 */
export default function SnapshotPage({ snapshotKey }: { snapshotKey: string }) {
  const [result, setResult] = useState<SnapshotResponse>();
  const [error, setError] = useState<{ status?: number; message: string }>();

  useEffect(() => {
    const controller = new AbortController();
    snapshotByKey(snapshotKey, controller.signal).then(
      (response) => {
        setResult(response);
        document.title = `${response.dashboard.title ?? 'Snapshot'} - svc`;
      },
      (caught: unknown) => {
        if (controller.signal.aborted) return;
        setError(
          caught instanceof ApiError
            ? { status: caught.status, message: caught.message }
            : { message: String(caught) },
        );
      },
    );
    return () => controller.abort();
  }, [snapshotKey]);

  if (error) {
    return (
      <div className="page-error">
        <h2>{error.status === 404 ? 'Snapshot not found' : 'Could not load the snapshot'}</h2>
        <p>{error.message}</p>
      </div>
    );
  }
  if (!result) return <div className="page-loading">Loading snapshot…</div>;
  return <SnapshotView snapshot={result} />;
}

function SnapshotView({ snapshot }: { snapshot: SnapshotResponse }) {
  const { timezone } = useSession();
  const { dashboard: model, meta } = snapshot;
  const timeZone = model.timezone || timezone || 'browser';
  // Relative ranges ("now-6h") are taken from when the snapshot was made.
  const takenAt = meta.created ? Date.parse(meta.created) : Date.now();
  const raw = { from: model.time?.from ?? 'now-6h', to: model.time?.to ?? 'now' };
  const range = useMemo(() => resolveRange(raw, takenAt), [raw.from, raw.to, takenAt]);
  const placed = useMemo(
    () => layoutPanels((model.panels ?? []) as FrozenPanel[]).filter((p) => p.panel.type !== 'row'),
    [model],
  );
  const rows = placed.length ? Math.max(...placed.map((p) => p.pos.y + p.pos.h)) : 0;

  return (
    <div className="dashboard snapshot">
      <div className="dashboard-toolbar">
        <h1 className="dashboard-title">{model.title ?? 'Snapshot'}</h1>
        <span className="muted" aria-label="Snapshot time range">
          Snapshot · {describeRange(raw, takenAt, timeZone)}
        </span>
      </div>
      <div
        className="grid"
        style={{
          gridTemplateRows: `repeat(${Math.max(rows, 1)}, ${GRID_CELL_HEIGHT}px)`,
          gap: `${GRID_MARGIN}px`,
        }}
      >
        {placed.map((item) => (
          <div
            key={item.key}
            className="grid-item"
            style={{
              gridColumn: `${item.pos.x + 1} / span ${item.pos.w}`,
              gridRow: `${item.pos.y + 1} / span ${item.pos.h}`,
            }}
          >
            <FrozenPanelFrame panel={item.panel} range={range} timeZone={timeZone} />
          </div>
        ))}
      </div>
      {placed.length === 0 && <div className="muted">This snapshot has no panels.</div>}
    </div>
  );
}

function FrozenPanelFrame({
  panel,
  range,
  timeZone,
}: {
  panel: FrozenPanel;
  range: TimeRange | undefined;
  timeZone: string;
}) {
  const type = panel.type ?? 'graph';
  const data = useMemo(() => frozenPanelData(panel.snapshotData), [panel.snapshotData]);
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const width = Math.floor(entry.contentRect.width);
      const height = Math.floor(entry.contentRect.height);
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const Body = panelComponent(type);
  const title = panel.title ?? '';
  const empty = queriesData(type) && data.frames.every((f) => f.fields.length === 0);

  return (
    <section
      className={`panel ${panel.transparent ? 'transparent' : ''}`}
      data-panel-id={panel.id}
      data-panel-type={type}
      data-state="done"
      aria-label={title || type}
    >
      <header className="panel-header">
        <h2 className="panel-title" title={title}>
          {title}
        </h2>
      </header>
      <div className="panel-body" ref={ref}>
        {empty ? (
          <div className="panel-empty">No data</div>
        ) : size.width > 0 && size.height > 0 ? (
          <Suspense fallback={null}>
            <Body
              panel={panel}
              data={data}
              width={size.width}
              height={size.height}
              range={range}
              annotations={[]}
              onZoom={() => undefined}
              vars={{}}
              timeZone={timeZone}
            />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
