import type { ReactNode } from 'react';

/** A titled box of a page; its title names it as a region for assistive technology and tests. */
export function Panel({ title, children }: { title?: string; children: ReactNode }) {
  if (!title) return <div className="admin-panel">{children}</div>;
  return (
    <section className="admin-panel" aria-label={title}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}
