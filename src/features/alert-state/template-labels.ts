/**
 * Grafana's `template.Labels`: the map behind `$labels` and `$values.X.Labels`. It prints as
 * `a=b, c=d` (sorted), not as Go's `map[a:b c:d]`, because the type has a String method.
 */

import { compareStrings, goType, type GoTypeInfo } from '../../lib/gotemplate/index.js';

export class TemplateLabels extends Map<string, string> {
  declare readonly [goType]: GoTypeInfo;

  static of(labels: Readonly<Record<string, string>>): TemplateLabels {
    return new TemplateLabels(Object.entries(labels));
  }

  String(): string {
    return [...this.keys()]
      .sort(compareStrings)
      .map((k) => `${k}=${this.get(k)}`)
      .join(', ');
  }
}
Object.defineProperty(TemplateLabels.prototype, goType, {
  value: { name: 'template.Labels', kind: 'map', elemZero: '' },
});
