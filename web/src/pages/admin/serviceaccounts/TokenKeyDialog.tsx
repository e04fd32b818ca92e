import { useRef, useState } from 'react';
import { Modal } from '../../../app/Modal.js';

/** The new token's key, shown this one time only, with a copy button. */
export function TokenKeyDialog({ tokenKey, onClose }: { tokenKey: string; onClose: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(tokenKey);
      setCopied('Copied to the clipboard');
    } catch {
      // No clipboard API (plain http on another host): select the text for Ctrl+C.
      input.current?.select();
      setCopied('Selected: press Ctrl+C to copy');
    }
  };
  return (
    <Modal title="Service account token created">
      <p>Copy the token now: it is not shown again.</p>
      <div className="admin-inline-form">
        <input
          ref={input}
          className="admin-token"
          aria-label="Token key"
          readOnly
          value={tokenKey}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" onClick={() => void copy()}>
          Copy to clipboard
        </button>
      </div>
      {copied && (
        <p role="status" className="admin-success">
          {copied}
        </p>
      )}
      <div className="admin-actions">
        <button type="button" className="admin-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
