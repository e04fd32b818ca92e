import { Modal } from '../app/Modal.js';

/** The dashboard's keyboard shortcuts, as `?` shows them. */
const SHORTCUTS: [string[], string][] = [
  [['?'], 'Show this help'],
  [['e'], 'Edit the focused or hovered panel'],
  [['v'], 'View the focused or hovered panel alone'],
  [['Esc'], 'Leave the panel view or the panel editor'],
  [['d', 'r'], 'Refresh all panels'],
  [['t', 'z'], 'Zoom out the time range'],
  [['t', '←'], 'Move the time range back'],
  [['t', '→'], 'Move the time range forward'],
  [['Tab'], 'Move to the next panel or control'],
];

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose}>
      <table className="shortcuts-help">
        <tbody>
          {SHORTCUTS.map(([keys, text]) => (
            <tr key={text}>
              <td>
                {keys.map((key, i) => (
                  <span key={i}>
                    {i > 0 && ' then '}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
