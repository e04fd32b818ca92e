import { useEffect, useRef } from 'react';

/**
 * Keyboard shortcuts as Grafana has them: single keys (`e`, `v`, `?`, `Escape`) and two-key
 * sequences (`d r`, `t z`, `t ArrowLeft`) typed within a second and a half of each other.
 * Keys typed into a form field are the field's, never a shortcut.
 */
export type ShortcutMap = Record<string, () => void>;

const SEQUENCE_TIMEOUT_MS = 1500;

/** Whether the keys belong to a control that takes text or choices. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(type);
}

/**
 * The shortcut that `key` completes after `pending` (the first key of a sequence, or ''): the
 * binding's name, `pending` when `key` starts a sequence, or undefined.
 */
export function resolveShortcut(
  bindings: readonly string[],
  pending: string,
  key: string,
): { fire?: string; pending: string } {
  if (pending && bindings.includes(`${pending} ${key}`)) return { fire: `${pending} ${key}`, pending: '' };
  if (bindings.includes(key)) return { fire: key, pending: '' };
  if (bindings.some((b) => b.startsWith(`${key} `))) return { pending: key };
  return { pending: '' };
}

/** Binds `shortcuts` on the document while the component is mounted (the latest map is used). */
export function useShortcuts(shortcuts: ShortcutMap, enabled = true): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    if (!enabled) return;
    let pending = '';
    let pendingAt = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      // An open dialog (help, save, export) owns the keys, Escape included.
      if (document.querySelector('[aria-modal="true"]')) return;
      if (pending && event.timeStamp - pendingAt > SEQUENCE_TIMEOUT_MS) pending = '';
      const result = resolveShortcut(Object.keys(latest.current), pending, event.key);
      pending = result.pending;
      pendingAt = event.timeStamp;
      if (result.fire) {
        event.preventDefault();
        latest.current[result.fire]!();
      } else if (result.pending) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
