/** What a page shows a caller whose permissions do not cover it (the server would refuse anyway). */
export function NoAccess({ what }: { what: string }) {
  return (
    <div className="error-box" role="alert">
      You do not have permission to {what}.
    </div>
  );
}
