/** Previous/next paging under a list; `total` when the API tells it, otherwise `hasNext`. */
export function Pager({
  page,
  perPage,
  total,
  hasNext,
  onPage,
}: {
  page: number;
  perPage: number;
  total?: number;
  hasNext?: boolean;
  onPage: (page: number) => void;
}) {
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / perPage));
  const next = pages === undefined ? Boolean(hasNext) : page < pages;
  if (page === 1 && !next) return null;
  return (
    <nav className="admin-pager" aria-label="Pages">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </button>
      <span>{pages === undefined ? `Page ${page}` : `Page ${page} of ${pages}`}</span>
      <button type="button" disabled={!next} onClick={() => onPage(page + 1)}>
        Next page
      </button>
    </nav>
  );
}
