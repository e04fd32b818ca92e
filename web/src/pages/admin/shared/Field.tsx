import type { ReactNode } from 'react';

/**
 * A labelled form control: the label wraps the control, so `label` alone is its accessible name;
 * the hint sits outside the label.
 */
export function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="admin-field">
      <label>
        <span className="admin-field-label">{label}</span>
        {children}
      </label>
      {hint && <span className="muted admin-field-hint">{hint}</span>}
    </div>
  );
}
