import type { DashboardLink } from '../../lib/dashboard-links.js';
import type { DashboardModel } from '../../lib/model.js';
import { CheckField, SelectField, TextField } from '../common/fields.js';

/** Dashboard links: URLs, or dashboards found by tag (inline or as a dropdown). */
export function LinksEditor({
  model,
  onChange,
}: {
  model: DashboardModel;
  onChange: (model: DashboardModel) => void;
}) {
  const links = model.links ?? [];
  const setLinks = (next: DashboardLink[]) => onChange({ ...model, links: next });
  const edit = (index: number, patch: Partial<DashboardLink>) =>
    setLinks(links.map((link, i) => (i === index ? { ...link, ...patch } : link)));
  return (
    <div className="links-editor">
      {links.map((link, index) => (
        <fieldset key={index} className="link-form" aria-label={`Link ${index + 1}`}>
          <legend>Link {index + 1}</legend>
          <SelectField
            label="Type"
            value={link.type === 'dashboards' ? 'dashboards' : 'link'}
            options={[
              { value: 'dashboards', label: 'Dashboards' },
              { value: 'link', label: 'Link' },
            ]}
            onChange={(type) => edit(index, { type })}
          />
          <TextField label="Title" value={link.title ?? ''} onChange={(title) => edit(index, { title })} />
          {link.type === 'dashboards' ? (
            <>
              <TextField
                label="With tags"
                value={(link.tags ?? []).join(', ')}
                placeholder="tag1, tag2"
                onChange={(text) =>
                  edit(index, {
                    tags: text
                      .split(',')
                      .map((t) => t.trim())
                      .filter(Boolean),
                  })
                }
              />
              <CheckField
                label="Show as dropdown"
                checked={link.asDropdown === true}
                onChange={(asDropdown) => edit(index, { asDropdown })}
              />
            </>
          ) : (
            <>
              <TextField label="URL" value={link.url ?? ''} onChange={(url) => edit(index, { url })} />
              <TextField
                label="Tooltip"
                value={link.tooltip ?? ''}
                onChange={(tooltip) => edit(index, { tooltip })}
              />
            </>
          )}
          <CheckField
            label="Include current time range"
            checked={link.keepTime === true}
            onChange={(keepTime) => edit(index, { keepTime })}
          />
          <CheckField
            label="Include current template variable values"
            checked={link.includeVars === true}
            onChange={(includeVars) => edit(index, { includeVars })}
          />
          <CheckField
            label="Open link in new tab"
            checked={link.targetBlank === true}
            onChange={(targetBlank) => edit(index, { targetBlank })}
          />
          <button onClick={() => setLinks(links.filter((_, i) => i !== index))}>Remove link</button>
        </fieldset>
      ))}
      <button
        className="primary"
        onClick={() =>
          setLinks([
            ...links,
            {
              title: '',
              type: 'dashboards',
              tags: [],
              asDropdown: false,
              icon: 'external link',
              includeVars: false,
              keepTime: false,
              targetBlank: false,
              tooltip: '',
              url: '',
            },
          ])
        }
      >
        New link
      </button>
    </div>
  );
}
