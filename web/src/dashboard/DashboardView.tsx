import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { DataSourceInfo } from '../api/datasources.js';
import { dashboardAnnotations } from '../api/dashboards.js';
import { dashboardRuleStates } from '../api/rule-editor.js';
import { Link } from '../app/Link.js';
import { usePermissions } from '../app/permissions.js';
import { navigate, replaceSearch, useLocation } from '../app/router.js';
import { useShortcuts } from '../app/shortcuts.js';
import { useSession } from '../app/session.js';
import { StarButton } from '../app/StarButton.js';
import { layoutPanels, GRID_CELL_HEIGHT, GRID_MARGIN, type PlacedPanel } from '../lib/layout.js';
import { libraryElementByUid } from '../api/library-panels.js';
import { libraryPanelUids, withLibraryPanels } from '../lib/library-panels.js';
import { upgradeRows, type DashboardMeta, type DashboardModel, type Panel } from '../lib/model.js';
import { migratePanel } from '../lib/migrate.js';
import { expandRepeats, expandRowRepeats, type RepeatedPanel } from '../lib/repeat.js';
import { parseDuration, resolveRange, zoomOut, type RawTimeRange } from '../lib/time.js';
import { scopedVars } from '../lib/variable-state.js';
import { ALL_VALUE, interpolate } from '../lib/variables.js';
import { DashboardLinks } from './DashboardLinks.js';
import { loadDataSources } from './datasources.js';
import type { EditHooks, ViewContext } from './edit-hooks.js';
import { PanelFrame, type PanelAlertState } from './PanelFrame.js';
import { ShortcutsHelp } from './ShortcutsHelp.js';
import type { BuiltQuery } from '../lib/queries.js';
import { PREFILL_PATH, savePrefill } from '../pages/alerting/rule-editor/prefill.js';
import type { Annotation } from '../panels/types.js';
import { TimePicker } from './TimePicker.js';
import { useVariables } from './useVariables.js';
import { VariablesBar } from './VariablesBar.js';
import { DisclosureIcon } from '../app/icons.js';

function initialRange(model: DashboardModel, search: URLSearchParams): RawTimeRange {
  return {
    from: search.get('from') ?? model.time?.from ?? 'now-6h',
    to: search.get('to') ?? model.time?.to ?? 'now',
  };
}

function urlVariableValues(search: URLSearchParams): Record<string, string[]> {
  const values: Record<string, string[]> = {};
  for (const [key, value] of search) {
    if (key.startsWith('var-')) (values[key.slice(4)] ??= []).push(value);
  }
  return values;
}

export function DashboardView({
  model,
  meta,
  uid,
  actions,
  edit,
  onEditPanel,
}: {
  model: DashboardModel;
  meta: DashboardMeta;
  uid: string;
  /** buttons at the end of the toolbar (edit, export; the editor's own in edit mode) */
  actions?: ReactNode;
  /** edit mode: the editor draws the grid */
  edit?: EditHooks;
  /** for users who may edit: a panel's edit button (view mode) and the `e` shortcut (also in edit mode) */
  onEditPanel?: (id: number) => void;
}) {
  const { user, timezone } = useSession();
  const timeZone = model.timezone || timezone || 'browser';
  const search = useMemo(() => new URLSearchParams(location.search), []);
  const [raw, setRaw] = useState<RawTimeRange>(() => initialRange(model, search));
  const [refresh, setRefresh] = useState<string>(() => search.get('refresh') ?? (model.refresh || ''));
  const [tick, setTick] = useState(0);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [datasources, setDatasources] = useState<DataSourceInfo[]>();
  const [dsError, setDsError] = useState<string>();
  const [annotations, setAnnotations] = useState<Annotation[]>([]);
  const urlValues = useMemo(() => urlVariableValues(search), [search]);

  // The range is re-resolved against "now" on every refresh tick.
  const range = useMemo(() => resolveRange(raw, Date.now()), [raw, tick]);
  const variables = useVariables(model.templating?.list ?? [], urlValues, datasources, range);

  useEffect(() => {
    loadDataSources(user.orgId).then(setDatasources, (error: unknown) => {
      setDatasources([]);
      setDsError(error instanceof Error ? error.message : String(error));
    });
  }, [user.orgId]);

  // Time range, refresh and variables live in the URL so a reload or a shared link shows the same view.
  useEffect(() => {
    const params = new URLSearchParams();
    params.set('from', raw.from);
    params.set('to', raw.to);
    if (refresh) params.set('refresh', refresh);
    for (const state of variables.states) {
      if (state.model.type === 'constant') continue;
      for (const value of state.selected)
        params.append(`var-${state.model.name}`, value === ALL_VALUE ? 'All' : value);
    }
    for (const [key, value] of new URLSearchParams(location.search)) {
      if (!['from', 'to', 'refresh'].includes(key) && !key.startsWith('var-')) params.append(key, value);
    }
    replaceSearch(params);
  }, [raw, refresh, variables.states]);

  useEffect(() => {
    const interval = refresh ? parseDuration(refresh) : undefined;
    if (!interval) return;
    const timer = setInterval(() => setTick((t) => t + 1), Math.max(interval, 1000));
    return () => clearInterval(timer);
  }, [refresh]);

  // Annotations from the dashboard's built-in source ("Annotations & Alerts"), when it is enabled.
  const builtIn = model.annotations?.list?.find((a) => a.builtIn === 1 && a.enable !== false);
  useEffect(() => {
    if (!builtIn || !range || !uid) return;
    const controller = new AbortController();
    dashboardAnnotations(uid, range, controller.signal).then(
      (list) =>
        setAnnotations(
          Array.isArray(list)
            ? list.map((a) => ({
                time: a.time,
                timeEnd: a.timeEnd,
                text: a.text ?? '',
                color: builtIn.iconColor,
              }))
            : [],
        ),
      () => setAnnotations([]),
    );
    return () => controller.abort();
  }, [builtIn, range, uid]);

  // The state of the alert rules linked to this dashboard's panels: one request per view and refresh.
  const can = usePermissions();
  const canReadRules = can('alert.rules:read') || can('alert.provisioning:read');
  const canCreateRules = can('alert.rules:create') || can('alert.provisioning:write');
  const [alertStates, setAlertStates] = useState<Record<string, PanelAlertState>>({});
  useEffect(() => {
    if (!uid || !canReadRules || edit) return;
    const controller = new AbortController();
    dashboardRuleStates(uid, controller.signal).then(
      (rules) => setAlertStates(panelAlertStates(rules, uid)),
      () => setAlertStates({}),
    );
    return () => controller.abort();
  }, [uid, canReadRules, edit === undefined, tick]);
  const onCreateAlert = useCallback(
    (panel: RepeatedPanel, queries: BuiltQuery[]) => {
      savePrefill({
        title: panel.title || model.title || 'New alert rule',
        dashboardUid: uid,
        panelId: panel.id!,
        queries: queries.map(({ datasource, intervalMs: _ms, maxDataPoints: _points, ...query }) => ({
          refId: query.refId,
          datasourceUid: datasource.uid,
          model: { ...query, datasource },
        })),
      });
      navigate(PREFILL_PATH);
    },
    [uid, model.title],
  );

  // Panels naming a library panel are drawn from the element's model (loaded once per uid set).
  const libraryUids = useMemo(() => libraryPanelUids(model).join(','), [model]);
  const [elements, setElements] = useState<Record<string, { name: string; model: Panel }>>({});
  useEffect(() => {
    if (!libraryUids) return;
    const controller = new AbortController();
    void Promise.all(
      libraryUids.split(',').map((libraryUid) =>
        libraryElementByUid(libraryUid, controller.signal).then(
          (element) => [libraryUid, { name: element.name, model: element.model }] as const,
          () => undefined,
        ),
      ),
    ).then((found) => {
      if (!controller.signal.aborted) setElements(Object.fromEntries(found.filter((f) => f !== undefined)));
    });
    return () => controller.abort();
  }, [libraryUids]);
  const panels = useMemo(
    () => upgradeRows(withLibraryPanels(model, elements)).map(migratePanel),
    [model, elements],
  );
  // Edit mode shows the panels as saved: repeats are copies of the view only.
  const editing = edit !== undefined;
  const repeated = useMemo(() => {
    if (editing) return panels;
    const valuesOf = (name: string) => {
      const state = variables.states.find((s) => s.model.name === name);
      if (!state) return undefined;
      const values = state.selected.includes(ALL_VALUE) ? state.options.map((o) => o.value) : state.selected;
      return { values, texts: values.map((v) => state.options.find((o) => o.value === v)?.text ?? v) };
    };
    return expandRepeats(expandRowRepeats(panels, valuesOf), valuesOf);
  }, [panels, variables.states, editing]);
  // Row titles may name variables; they need no time range.
  const rowVars = useMemo(
    () => scopedVars(variables.states, { from: 0, to: 0, intervalMs: 0 }),
    [variables.states],
  );
  const placed = useMemo(
    () => layoutPanels<RepeatedPanel>(repeated, editing ? {} : expanded),
    [repeated, expanded, editing],
  );
  const rows = placed.length ? Math.max(...placed.map((p) => p.pos.y + p.pos.h)) : 0;
  const onZoom = useCallback(
    (from: number, to: number) => setRaw({ from: String(Math.round(from)), to: String(Math.round(to)) }),
    [],
  );
  const ready = datasources !== undefined && variables.ready && range !== undefined;
  const linkState = useMemo(
    () => ({
      from: raw.from,
      to: raw.to,
      variables: variables.states
        .filter((state) => state.model.type !== 'constant')
        .map((state) => ({
          name: state.model.name,
          values: state.selected.map((value) => (value === ALL_VALUE ? 'All' : value)),
        })),
    }),
    [raw, variables.states],
  );

  // Keyboard shortcuts (Grafana's): they act on the focused panel, else the one under the mouse.
  const here = useLocation();
  const viewPanel = here.search.get('viewPanel');
  const hovered = useRef<string>(undefined);
  const [help, setHelp] = useState(false);
  const targetPanel = () =>
    (document.activeElement?.closest('[data-panel-id]') as HTMLElement | null)?.dataset.panelId ??
    viewPanel ??
    hovered.current;
  const setViewPanel = (id: string | undefined) => {
    const params = new URLSearchParams(window.location.search);
    if (id === undefined) params.delete('viewPanel');
    else params.set('viewPanel', id);
    navigate(`${window.location.pathname}?${params.toString()}`);
  };
  const shiftRange = (direction: -1 | 1) => {
    if (!range) return;
    // Rounded before the sign is applied, so ← then → lands on the same range (Math.round(-0.5) is -0).
    const shift = direction * Math.round((range.to - range.from) / 2);
    setRaw({ from: String(range.from + shift), to: String(range.to + shift) });
  };
  const trackHover = (event: MouseEvent) => {
    const id = (event.target as HTMLElement).closest<HTMLElement>('[data-panel-id]')?.dataset.panelId;
    if (id) hovered.current = id;
  };
  const editTargetPanel = () => {
    const id = targetPanel();
    if (id && onEditPanel) onEditPanel(Number(id));
  };
  // The same keys in edit mode as in view mode, as Grafana has them.
  useShortcuts(
    {
      '?': () => setHelp(true),
      e: editTargetPanel,
      v: () => {
        const id = targetPanel();
        if (id) setViewPanel(viewPanel ? undefined : id);
      },
      Escape: () => viewPanel && setViewPanel(undefined),
      'd r': () => setTick((t) => t + 1),
      't z': () => {
        if (!range) return;
        const wider = zoomOut(range);
        setRaw({ from: String(wider.from), to: String(Math.min(wider.to, Date.now())) });
      },
      't ArrowLeft': () => shiftRange(-1),
      't ArrowRight': () => shiftRange(1),
    },
    // In edit mode the editor passes onEditPanel only while no panel editor is open: the panel
    // editor's keys (Esc among them) are its own.
    !editing || onEditPanel !== undefined,
  );
  // In edit mode the viewed panel gives way to the grid while a panel editor is open (the editor
  // draws it there); closing the editor shows the viewed panel again.
  const viewed =
    viewPanel && (!editing || onEditPanel !== undefined)
      ? placed.find((item) => item.panel.type !== 'row' && String(item.panel.id) === viewPanel)
      : undefined;

  const context: ViewContext = {
    range,
    raw,
    ready,
    tick,
    datasources: datasources ?? [],
    variables: variables.states,
    annotations,
    timeZone,
    dashboardTitle: model.title,
    onZoom,
  };
  const renderItem = ({ panel, key }: PlacedPanel<RepeatedPanel>) =>
    panel.type === 'row' ? (
      <RowHeader
        panel={panel}
        title={interpolate(panel.title ?? '', { ...rowVars, ...panel.scopedVars })}
        open={edit ? !panel.collapsed : (expanded[key] ?? !panel.collapsed)}
        onToggle={(open) =>
          edit ? edit.onToggleRow(panel) : setExpanded((current) => ({ ...current, [key]: open }))
        }
        count={panel.panels?.length ?? 0}
      />
    ) : (
      <PanelFrame
        panel={panel}
        range={range}
        ready={ready}
        tick={tick}
        datasources={context.datasources}
        variables={variables.states}
        annotations={annotations}
        dashboardTitle={model.title}
        timeZone={timeZone}
        onZoom={onZoom}
        onEdit={edit ? undefined : onEditPanel}
        alertState={edit || panel.id === undefined ? undefined : alertStates[String(panel.id)]}
        onCreateAlert={!edit && uid && canCreateRules ? onCreateAlert : undefined}
      />
    );

  return (
    <div className="dashboard" data-dashboard-uid={uid}>
      <div className="dashboard-toolbar">
        <h1 className="dashboard-title">
          {meta.folderTitle && meta.folderTitle !== 'General' && (
            <>
              {meta.folderUrl ? <Link to={`/dashboards?query=`}>{meta.folderTitle}</Link> : meta.folderTitle}
              <span className="muted"> / </span>
            </>
          )}
          {model.title ?? 'Dashboard'}
        </h1>
        {uid && meta.canStar !== false && <StarButton uid={uid} starred={!!meta.isStarred} />}
        <div className="spacer" />
        {!model.timepicker?.hidden && (
          <TimePicker
            raw={raw}
            timeZone={timeZone}
            range={range}
            onChange={setRaw}
            refresh={refresh}
            refreshIntervals={model.timepicker?.refresh_intervals}
            onRefreshChange={setRefresh}
            onRefresh={() => setTick((t) => t + 1)}
          />
        )}
        {actions}
      </div>
      {variables.states.length > 0 && <VariablesBar states={variables.states} onSelect={variables.select} />}
      <DashboardLinks links={model.links ?? []} state={linkState} vars={rowVars} currentUid={uid} />
      {dsError && <div className="error-box">Data sources could not be loaded: {dsError}</div>}
      {!range && (
        <div className="error-box">
          Invalid time range: {raw.from} to {raw.to}
        </div>
      )}
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
      {viewed ? (
        <div className="view-panel" data-view-panel={viewed.panel.id}>
          {renderItem(viewed)}
        </div>
      ) : edit ? (
        // display: contents keeps the editor's layout; the wrapper only notes the hovered panel for `e`
        <div style={{ display: 'contents' }} onMouseOver={trackHover}>
          {edit.renderGrid({ items: placed, renderItem, context })}
        </div>
      ) : (
        <div
          onMouseOver={trackHover}
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
              {renderItem(item)}
            </div>
          ))}
        </div>
      )}
      {placed.length === 0 && !edit && <div className="muted">This dashboard has no panels.</div>}
    </div>
  );
}

const STATE_RANK: Record<PanelAlertState, number> = { normal: 0, pending: 1, firing: 2 };

/** The worst state of the rules of each panel (by `__panelId__`) of the dashboard `uid`. */
function panelAlertStates(
  rules: { state: string; annotations: Record<string, string> }[],
  uid: string,
): Record<string, PanelAlertState> {
  const states: Record<string, PanelAlertState> = {};
  for (const rule of rules) {
    const panelId = rule.annotations.__panelId__;
    if (rule.annotations.__dashboardUid__ !== uid || panelId === undefined) continue;
    const state: PanelAlertState =
      rule.state === 'firing' ? 'firing' : rule.state === 'pending' ? 'pending' : 'normal';
    const current = states[panelId];
    if (!current || STATE_RANK[state] > STATE_RANK[current]) states[panelId] = state;
  }
  return states;
}

function RowHeader({
  panel,
  title,
  open,
  onToggle,
  count,
}: {
  panel: RepeatedPanel;
  title: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  count: number;
}) {
  return (
    <button
      className="row-header"
      aria-expanded={open}
      onClick={() => onToggle(!open)}
      data-row-title={panel.title}
    >
      <DisclosureIcon open={open} /> {title || 'Row'}
      {!open && count > 0 && <span className="muted"> ({count} panels)</span>}
    </button>
  );
}
