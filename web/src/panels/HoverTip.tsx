import type { ReactNode } from 'react';

/** The tooltip the new panels show beside the pointer, kept inside the panel's width. */
export function HoverTip({
  x,
  y,
  width,
  children,
}: {
  x: number;
  y: number;
  width: number;
  children: ReactNode;
}) {
  const left = x > width / 2 ? undefined : x + 12;
  const right = x > width / 2 ? width - x + 12 : undefined;
  return (
    <div className="tooltip" role="tooltip" data-testid="panel-tooltip" style={{ left, right, top: y + 12 }}>
      {children}
    </div>
  );
}
