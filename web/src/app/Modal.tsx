import { useEffect, type ReactNode } from 'react';
import { CloseIcon } from './icons.js';

/**
 * A dialog over the page. With `onClose`, Escape and the ✕ button close it (and a click on the
 * backdrop with `closeOnBackdrop`); without it the dialog stays until its own buttons act.
 */
export function Modal({
  title,
  onClose,
  children,
  wide,
  closeOnBackdrop,
}: {
  title: string;
  onClose?: () => void;
  children: ReactNode;
  wide?: boolean;
  closeOnBackdrop?: boolean;
}) {
  useEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="modal-backdrop" onClick={closeOnBackdrop ? onClose : undefined}>
      <div
        className={`modal ${wide ? 'wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onClick={(event) => event.stopPropagation()}
      >
        <header className="modal-header">
          <h2>{title}</h2>
          {onClose && (
            <button className="icon" aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </button>
          )}
        </header>
        <div className="modal-body">{children}</div>
      </div>
    </div>
  );
}
