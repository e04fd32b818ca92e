/** An action's outcome: errors as alerts, successes as a polite status line. */
export function Notice({ error, success }: { error?: string; success?: string }) {
  if (error) {
    return (
      <div className="error-box" role="alert">
        {error}
      </div>
    );
  }
  if (success) {
    return (
      <div className="admin-success" role="status">
        {success}
      </div>
    );
  }
  return null;
}
