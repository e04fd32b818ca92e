/** A form's actions row with its primary submit button. */
export function SubmitRow({ label, disabled }: { label: string; disabled: boolean }) {
  return (
    <div className="admin-actions">
      <button type="submit" className="admin-primary" disabled={disabled}>
        {label}
      </button>
    </div>
  );
}
