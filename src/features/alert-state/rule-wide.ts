import type { EvaluationResult } from '../alert-expressions/evaluation-result.js';
import type { RuleContext } from './rule-context.js';

/**
 * The one result of a rule-wide NoData or Error (reference §2.2), with the ref ids and data
 * source uids of all results joined (#88184); undefined when the results are not rule-wide.
 * Rule-wide means every result is NoData (or every one is Error) and the option is Alerting, OK
 * or KeepLast: those options say what happens to the series that exist, whereas the NoData (Error)
 * option makes an instance of its own and lets the series go missing.
 */
export function ruleWideResult(
  ctx: RuleContext,
  results: readonly EvaluationResult[],
): EvaluationResult | undefined {
  const first = results[0];
  if (!first || !results.every((r) => r.state === first.state)) return undefined;
  if (first.state === 'NoData' && ctx.rule.noDataState === 'NoData') return undefined;
  if (first.state === 'Error' && ctx.rule.execErrState === 'Error') return undefined;
  if (first.state !== 'NoData' && first.state !== 'Error') return undefined;
  const joined = (pick: (r: EvaluationResult) => string | undefined): string | undefined => {
    const all = [...new Set(results.map(pick).filter((v): v is string => !!v))];
    return all.length ? all.join(',') : undefined;
  };
  const refId = joined((r) => r.refId);
  const datasourceUid = joined((r) => r.datasourceUid);
  const merged: EvaluationResult = { ...first };
  if (refId !== undefined) merged.refId = refId;
  if (datasourceUid !== undefined) merged.datasourceUid = datasourceUid;
  return merged;
}
