import { queryError } from '../errors.js';
import type { DataSourcePlugin, QueryResult, QueryResults } from '../types.js';
import { csvToFrame } from './csv.js';
import { readTestDataModel } from './model.js';
import { predictableCsvWave, predictablePulse } from './predictable.js';
import { randomWalk } from './random-walk.js';

/** Scenario ids svc implements, as Grafana's TestData names them. */
const TESTDATA_SCENARIOS = [
  'random_walk',
  'csv_content',
  'predictable_pulse',
  'predictable_csv_wave',
  'no_data_points',
] as const;

/** The built-in TestData data source: generated data, no back end, always healthy. */
export const testDataPlugin: DataSourcePlugin = {
  type: 'grafana-testdata-datasource',
  aliases: ['testdata'],
  name: 'TestData',
  logoUrl: 'public/app/plugins/datasource/grafana-testdata-datasource/img/testdata.svg',

  checkHealth() {
    return Promise.resolve({ status: 'OK', message: 'Data source is working' });
  },

  query(_ds, queries, range) {
    const results: QueryResults = {};
    for (const query of queries) {
      const model = readTestDataModel(query);
      let result: QueryResult;
      switch (model.scenarioId) {
        case 'random_walk':
          result = { status: 200, frames: randomWalk(query, model, range) };
          break;
        case 'csv_content': {
          const frame = csvToFrame(model.csvContent, query.refId);
          result = typeof frame === 'string' ? queryError(400, frame) : { status: 200, frames: [frame] };
          break;
        }
        case 'predictable_pulse':
        case 'predictable_csv_wave': {
          const scenario = model.scenarioId === 'predictable_pulse' ? predictablePulse : predictableCsvWave;
          const frames = scenario(query, model, range);
          result = typeof frames === 'string' ? queryError(400, frames) : { status: 200, frames };
          break;
        }
        case 'no_data_points':
          result = { status: 200, frames: [] };
          break;
        default:
          result = queryError(
            400,
            `Unknown testdata scenario "${model.scenarioId}"; supported: ${TESTDATA_SCENARIOS.join(', ')}`,
          );
      }
      results[query.refId] = result;
    }
    return Promise.resolve(results);
  },
};
