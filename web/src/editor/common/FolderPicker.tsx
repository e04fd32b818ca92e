import { useEffect, useState } from 'react';
import { listFolders } from '../../api/dashboards.js';
import type { FolderJson } from '../../api/dashboards.js';

interface FolderOption {
  uid: string;
  title: string;
  depth: number;
}

const MAX_REQUESTS = 50;

/** Every folder the user can see, nested ones under their parent. */
export async function loadFolders(): Promise<FolderOption[]> {
  let requests = 0;
  const walk = async (parentUid: string, depth: number): Promise<FolderOption[]> => {
    if (++requests > MAX_REQUESTS) return [];
    const list = await listFolders(parentUid, 1000).catch(() => [] as FolderJson[]);
    const out: FolderOption[] = [];
    for (const folder of list) {
      out.push({ uid: folder.uid, title: folder.title, depth });
      if (depth < 4) out.push(...(await walk(folder.uid, depth + 1)));
    }
    return out;
  };
  return walk('', 0);
}

/** A folder select; "" is the General (root) folder. */
export function FolderPicker({
  value,
  onChange,
  label = 'Folder',
}: {
  value: string;
  onChange: (uid: string) => void;
  label?: string;
}) {
  const [folders, setFolders] = useState<FolderOption[]>();
  useEffect(() => {
    void loadFolders().then(setFolders);
  }, []);
  const known = !value || folders?.some((f) => f.uid === value);
  return (
    <label className="field">
      <span>{label}</span>
      <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Dashboards (General)</option>
        {!known && <option value={value}>{folders ? value : 'Loading…'}</option>}
        {folders?.map((folder) => (
          <option key={folder.uid} value={folder.uid}>
            {'\u00a0\u00a0'.repeat(folder.depth)}
            {folder.title}
          </option>
        ))}
      </select>
    </label>
  );
}
