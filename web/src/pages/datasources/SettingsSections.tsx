import { typeInfo } from './catalogue.js';
import { HttpSection } from './HttpSection.js';
import { PrometheusSection } from './PrometheusSection.js';
import type { SectionProps } from './section.js';
import { SqlSection } from './SqlSection.js';

/** The settings of the data source's type, below the name and default toggle. */
export function SettingsSections(props: SectionProps) {
  const info = typeInfo(props.ds.type);
  switch (info.kind) {
    case 'prometheus':
      return (
        <>
          <HttpSection {...props} urlPlaceholder={info.urlPlaceholder} />
          <PrometheusSection {...props} />
        </>
      );
    case 'loki':
      return <HttpSection {...props} urlPlaceholder={info.urlPlaceholder} />;
    case 'postgres':
    case 'mysql':
      return (
        <SqlSection {...props} postgres={info.kind === 'postgres'} hostPlaceholder={info.urlPlaceholder} />
      );
    case 'testdata':
      return <p className="muted">TestData needs no settings.</p>;
    case 'http':
      return (
        <>
          <p className="muted">
            svc has no back end for the type “{info.type}”: it keeps these settings, and its health check
            answers UNKNOWN.
          </p>
          <HttpSection {...props} />
        </>
      );
  }
}
