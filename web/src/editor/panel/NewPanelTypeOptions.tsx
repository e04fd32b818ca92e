import { HEATMAP_SCHEMES } from '../../lib/color-schemes.js';
import { DEFAULT_LINE_WIDTH } from '../../lib/state-rows.js';
import { CheckField, NumberField, SelectField, TextField } from '../common/fields.js';

type Options = Record<string, unknown>;

interface Props {
  type: string;
  options: Options;
  custom: Options;
  setOption: (path: string[], value: unknown) => void;
  setCustom: (key: string, value: unknown) => void;
}

const record = (value: unknown): Options =>
  typeof value === 'object' && value !== null ? (value as Options) : {};
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

const SHOW_VALUE = [
  { value: 'auto', label: 'Auto' },
  { value: 'always', label: 'Always' },
  { value: 'never', label: 'Never' },
] as const;

/**
 * The main options of heatmap, state timeline, status history, histogram, logs and news panels,
 * saved under Grafana's option names (options.* and fieldConfig.defaults.custom.*), with Grafana's
 * defaults shown when unset.
 */
export function NewPanelTypeOptions({ type, options, custom, setOption, setCustom }: Props) {
  switch (type) {
    case 'heatmap': {
      const color = record(options.color);
      const yAxis = record(options.yAxis);
      return (
        <>
          <CheckField
            label="Calculate from data"
            checked={options.calculate === true}
            onChange={(calculate) => setOption(['calculate'], calculate)}
          />
          <SelectField
            label="Color mode"
            value={(color.mode as string) || 'scheme'}
            options={[
              { value: 'scheme', label: 'Scheme' },
              { value: 'opacity', label: 'Opacity' },
            ]}
            onChange={(mode) => setOption(['color', 'mode'], mode)}
          />
          <SelectField
            label="Color scheme"
            value={(color.scheme as string) || 'Oranges'}
            options={HEATMAP_SCHEMES.map((scheme) => ({ value: scheme, label: scheme }))}
            onChange={(scheme) => setOption(['color', 'scheme'], scheme)}
          />
          <CheckField
            label="Reverse colors"
            checked={color.reverse === true}
            onChange={(reverse) => setOption(['color', 'reverse'], reverse)}
          />
          <NumberField
            label="Cell gap"
            value={num(options.cellGap) ?? 1}
            onChange={(gap) => setOption(['cellGap'], gap)}
          />
          <SelectField
            label="Y axis placement"
            value={(yAxis.axisPlacement as string) || 'left'}
            options={[
              { value: 'left', label: 'Left' },
              { value: 'right', label: 'Right' },
              { value: 'hidden', label: 'Hidden' },
            ]}
            onChange={(placement) => setOption(['yAxis', 'axisPlacement'], placement)}
          />
          <CheckField
            label="Reverse y axis"
            checked={yAxis.reverse === true}
            onChange={(reverse) => setOption(['yAxis', 'reverse'], reverse)}
          />
          <CheckField
            label="Show legend"
            checked={record(options.legend).show !== false}
            onChange={(show) => setOption(['legend', 'show'], show)}
          />
        </>
      );
    }
    case 'state-timeline':
    case 'status-history':
      return (
        <>
          {type === 'state-timeline' && (
            <CheckField
              label="Merge equal consecutive values"
              checked={options.mergeValues !== false}
              onChange={(merge) => setOption(['mergeValues'], merge)}
            />
          )}
          <SelectField
            label="Show values"
            value={(options.showValue as 'auto' | 'always' | 'never') || 'auto'}
            options={SHOW_VALUE}
            onChange={(show) => setOption(['showValue'], show)}
          />
          <NumberField
            label="Row height (0–1)"
            value={num(options.rowHeight) ?? 0.9}
            onChange={(height) => setOption(['rowHeight'], height)}
          />
          {type === 'status-history' && (
            <NumberField
              label="Column width (0–1)"
              value={num(options.colWidth) ?? 0.9}
              onChange={(width) => setOption(['colWidth'], width)}
            />
          )}
          <NumberField
            label="Line width"
            value={num(custom.lineWidth) ?? DEFAULT_LINE_WIDTH[type]}
            onChange={(width) => setCustom('lineWidth', width)}
          />
          <NumberField
            label="Fill opacity (0–100)"
            value={num(custom.fillOpacity) ?? 70}
            onChange={(opacity) => setCustom('fillOpacity', opacity)}
          />
        </>
      );
    case 'histogram':
      return (
        <>
          <NumberField
            label="Bucket count"
            placeholder="Auto"
            value={num(options.bucketCount)}
            onChange={(count) => setOption(['bucketCount'], count)}
          />
          <NumberField
            label="Bucket size"
            placeholder="Auto"
            value={num(options.bucketSize)}
            onChange={(size) => setOption(['bucketSize'], size)}
          />
          <NumberField
            label="Bucket offset"
            placeholder="0"
            value={num(options.bucketOffset)}
            onChange={(offset) => setOption(['bucketOffset'], offset)}
          />
          <CheckField
            label="Combine series"
            checked={options.combine === true}
            onChange={(combine) => setOption(['combine'], combine)}
          />
        </>
      );
    case 'logs':
      return (
        <>
          <CheckField
            label="Time"
            checked={options.showTime === true}
            onChange={(show) => setOption(['showTime'], show)}
          />
          <CheckField
            label="Unique labels"
            checked={options.showLabels === true}
            onChange={(show) => setOption(['showLabels'], show)}
          />
          <CheckField
            label="Wrap lines"
            checked={options.wrapLogMessage === true}
            onChange={(wrap) => setOption(['wrapLogMessage'], wrap)}
          />
          <CheckField
            label="Prettify JSON"
            checked={options.prettifyLogMessage === true}
            onChange={(pretty) => setOption(['prettifyLogMessage'], pretty)}
          />
          <SelectField
            label="Deduplication"
            value={(options.dedupStrategy as string) || 'none'}
            options={[
              { value: 'none', label: 'None' },
              { value: 'exact', label: 'Exact' },
              { value: 'numbers', label: 'Numbers' },
              { value: 'signature', label: 'Signature' },
            ]}
            onChange={(strategy) => setOption(['dedupStrategy'], strategy)}
          />
          <SelectField
            label="Order"
            value={(options.sortOrder as string) || 'Descending'}
            options={[
              { value: 'Descending', label: 'Newest first' },
              { value: 'Ascending', label: 'Oldest first' },
            ]}
            onChange={(order) => setOption(['sortOrder'], order)}
          />
        </>
      );
    case 'news':
      return (
        <>
          <TextField
            label="Feed URL"
            placeholder="https://grafana.com/blog/news.xml"
            value={(options.feedUrl as string) ?? ''}
            onChange={(url) => setOption(['feedUrl'], url)}
          />
          <CheckField
            label="Show image"
            checked={options.showImage !== false}
            onChange={(show) => setOption(['showImage'], show)}
          />
        </>
      );
    default:
      return null;
  }
}
