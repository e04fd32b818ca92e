import { memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client.js';
import type { DataSourceInfo } from '../api/datasources.js';
import { queryData } from '../api/datasources.js';
import { toPanelData, type PanelData } from '../lib/frames.js';
import type { RepeatedPanel } from '../lib/repeat.js';
import { buildQueries, type BuiltQuery } from '../lib/queries.js';
import { calculateInterval, parseDuration, type TimeRange } from '../lib/time.js';
import { scopedVars, type VariableState } from '../lib/variable-state.js';
import { interpolate } from '../lib/variables.js';
import { panelComponent, queriesData } from '../panels/registry.js';
import type { Annotation } from '../panels/types.js';
import { EditIcon, HeartIcon, InfoIcon, MoreIcon, WarningIcon } from '../app/icons.js';

type QueryState =
  | { status: 'idle' }
  | { status: 'loading'; data?: PanelData }
  | { status: 'done'; data: PanelData }
  | { status: 'error'; message: string; data?: PanelData };

interface Props {
  panel: RepeatedPanel;
  range: TimeRange | undefined;
  ready: boolean;
  tick: number;
  datasources: DataSourceInfo[];
  variables: VariableState[];
  annotations: Annotation[];
  dashboardTitle?: string;
  timeZone: string;
  onZoom: (from: number, to: number) => void;
  /** offered to users who may edit the dashboard: opens the panel editor */
  onEdit?: (id: number) => void;
  /** the state of the alert rules created from this panel, when it has any */
  alertState?: PanelAlertState;
  /** offered to users who may create alert rules: "Create alert rule from this panel" */
  onCreateAlert?: (panel: RepeatedPanel, queries: BuiltQuery[]) => void;
}

export type PanelAlertState = 'firing' | 'pending' | 'normal';
const ALERT_STATE_TEXT: Record<PanelAlertState, string> = {
  firing: 'Firing',
  pending: 'Pending',
  normal: 'Normal',
};

function useSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((old) =>
        old.width === Math.floor(width) && old.height === Math.floor(height)
          ? old
          : { width: Math.floor(width), height: Math.floor(height) },
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

/** One panel: header (title, description, links), its queries through /api/ds/query, and its body. */
export const PanelFrame = memo(function PanelFrame(props: Props) {
  const {
    panel,
    range,
    ready,
    tick,
    datasources,
    variables,
    annotations,
    dashboardTitle,
    onZoom,
    timeZone,
    onEdit,
    alertState,
    onCreateAlert,
  } = props;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLSpanElement>(null);
  // an open menu closes on Escape or a click anywhere else
  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !menuRef.current?.contains(event.target as Node)
      )
        setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [menuOpen]);
  const type = panel.type ?? 'graph';
  const needsData = queriesData(type);
  const [state, setState] = useState<QueryState>({ status: 'idle' });
  const { ref, size } = useSize();
  const width = size.width || Math.round(((panel.gridPos?.w ?? 12) / 24) * window.innerWidth);
  const maxDataPoints = panel.maxDataPoints ?? Math.max(100, Math.min(1500, width));
  const intervalMs = range
    ? calculateInterval(range.to - range.from, maxDataPoints, parseDuration(panel.interval ?? '') ?? 0)
    : 60_000;
  const vars = useMemo(
    () => ({
      ...scopedVars(variables, { from: range?.from ?? 0, to: range?.to ?? 0, intervalMs, dashboardTitle }),
      ...panel.scopedVars,
    }),
    [variables, range, intervalMs, dashboardTitle, panel.scopedVars],
  );
  const request = useMemo(() => {
    if (!needsData || !ready || !range) return undefined;
    const built = buildQueries(panel.targets ?? [], panel.datasource, datasources, vars, {
      intervalMs,
      maxDataPoints,
    });
    return {
      body: { queries: built.queries, from: String(range.from), to: String(range.to) },
      problems: built.problems,
    };
    // maxDataPoints follows the measured width only on the first render: a resize must not re-query.
  }, [needsData, ready, range, panel, datasources, vars, intervalMs]);
  const requestKey = request ? JSON.stringify(request) : '';

  useEffect(() => {
    if (!request) return;
    if (request.body.queries.length === 0) {
      setState({ status: 'error', message: request.problems[0] ?? 'This panel has no queries' });
      return;
    }
    const controller = new AbortController();
    setState((old) => ({ status: 'loading', data: old.status === 'done' ? old.data : undefined }));
    queryData(request.body, controller.signal).then(
      (response) => {
        const data = toPanelData(response);
        if (data.errors.length > 0 && data.frames.length === 0) {
          setState({
            status: 'error',
            message: data.errors.map((e) => `${e.refId}: ${e.message}`).join('; '),
            data,
          });
        } else setState({ status: 'done', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof ApiError ? error.message : String(error) });
      },
    );
    return () => controller.abort();
    // requestKey captures every input of the request; tick forces a re-run on refresh.
  }, [requestKey, tick]);

  const title = interpolate(panel.title ?? '', vars);
  const Body = panelComponent(type);
  const data = state.status === 'done' ? state.data : state.status !== 'idle' ? state.data : undefined;
  const partialErrors = state.status === 'done' ? state.data.errors : [];

  return (
    <section
      className={`panel ${panel.transparent ? 'transparent' : ''}`}
      data-panel-id={panel.id}
      data-panel-type={type}
      data-state={needsData ? state.status : 'done'}
      aria-label={title || type}
      // Focusable, so keyboard users can choose the panel the `e` and `v` shortcuts act on.
      tabIndex={0}
    >
      <header className="panel-header">
        <h2 className="panel-title" title={title}>
          {title}
        </h2>
        {panel.description && (
          <span
            className="panel-info"
            role="img"
            title={interpolate(panel.description, vars)}
            aria-label={`Panel description: ${interpolate(panel.description, vars)}`}
          >
            <InfoIcon />
          </span>
        )}
        {state.status === 'loading' && <span className="panel-loading" aria-label="Loading" />}
        {(state.status === 'error' || partialErrors.length > 0) && (
          <span
            className="panel-error-icon"
            role="img"
            aria-label="Query error"
            title={
              state.status === 'error'
                ? state.message
                : partialErrors.map((e) => `${e.refId}: ${e.message}`).join('\n')
            }
          >
            <WarningIcon />
          </span>
        )}
        {panel.links && panel.links.length > 0 && (
          <span className="panel-links">
            {panel.links.map((link, i) => (
              <a
                key={i}
                href={interpolate(link.url ?? '', vars)}
                target={link.targetBlank ? '_blank' : undefined}
                rel="noreferrer"
              >
                {link.title || 'link'}
              </a>
            ))}
          </span>
        )}
        {alertState && (
          <span
            className={`panel-alert-state panel-alert-${alertState}`}
            role="img"
            aria-label={`Alert rule state: ${ALERT_STATE_TEXT[alertState]}`}
            title={`Alert rule: ${ALERT_STATE_TEXT[alertState]}`}
            data-alert-state={alertState}
          >
            <HeartIcon />
          </span>
        )}
        {onEdit && panel.id !== undefined && !panel.repeatKey && (
          <button
            className="panel-edit"
            aria-label={`Edit panel ${title || panel.id}`}
            onClick={() => onEdit(panel.id!)}
          >
            <EditIcon />
          </button>
        )}
        {onCreateAlert && panel.id !== undefined && needsData && (
          <span className="panel-menu" ref={menuRef}>
            <button
              className="panel-menu-button"
              aria-label={`Menu of panel ${title || panel.id}`}
              aria-haspopup="menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <MoreIcon />
            </button>
            {menuOpen && (
              <div className="panel-menu-list" role="menu">
                <button
                  role="menuitem"
                  onClick={() => {
                    setMenuOpen(false);
                    // the queries as the panel runs them: variables interpolated, data sources resolved
                    const built = buildQueries(panel.targets ?? [], panel.datasource, datasources, vars, {
                      intervalMs,
                      maxDataPoints,
                    });
                    onCreateAlert(panel, built.queries);
                  }}
                >
                  Create alert rule from this panel
                </button>
              </div>
            )}
          </span>
        )}
      </header>
      <div className="panel-body" ref={ref}>
        {state.status === 'error' && !data?.frames.length ? (
          <div className="panel-error" role="alert">
            {state.message}
          </div>
        ) : needsData &&
          (!data || (state.status === 'done' && data.frames.every((f) => f.fields.length === 0))) ? (
          state.status === 'done' ? (
            <div className="panel-empty">No data</div>
          ) : null
        ) : size.width > 0 && size.height > 0 ? (
          <Suspense fallback={null}>
            <Body
              panel={panel}
              data={data ?? { frames: [], errors: [] }}
              width={size.width}
              height={size.height}
              range={range}
              annotations={annotations}
              onZoom={onZoom}
              vars={vars}
              timeZone={timeZone}
            />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
});
