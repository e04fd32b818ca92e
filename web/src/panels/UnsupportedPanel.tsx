import type { PanelProps } from './types.js';

export default function UnsupportedPanel({ panel }: PanelProps) {
  return (
    <div className="panel-unsupported">
      Panel type <strong>{panel.type ?? '(none)'}</strong> is not supported by this viewer.
    </div>
  );
}
