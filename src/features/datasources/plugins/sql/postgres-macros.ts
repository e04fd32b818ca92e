import { formatGoFloat, formatRfc3339Nano } from '../go-format.js';
import { commonEpochMacro, groupInterval, MacroError, requireColumn, type MacroExpander } from './macros.js';

/**
 * PostgreSQL's macros, text for text as Grafana's grafana-postgresql-datasource writes them:
 * times as quoted RFC 3339 literals, groups via extract(epoch) (or TimescaleDB's time_bucket
 * when jsonData.timescaledb is on).
 */
export function postgresMacros(options: { timescaledb: boolean }): MacroExpander {
  const expand: MacroExpander = (name, args, context, state) => {
    const { range } = context;
    switch (name) {
      case '__time':
        return `${requireColumn(name, args)} AS "time"`;
      case '__timeEpoch':
        return `extract(epoch from ${requireColumn(name, args)}) as "time"`;
      case '__timeFilter': {
        const column = requireColumn(name, args);
        return `${column} BETWEEN '${formatRfc3339Nano(range.from)}' AND '${formatRfc3339Nano(range.to)}'`;
      }
      case '__timeFrom':
        return `'${formatRfc3339Nano(range.from)}'`;
      case '__timeTo':
        return `'${formatRfc3339Nano(range.to)}'`;
      case '__timeGroup': {
        const seconds = groupInterval(name, args, state) / 1000;
        if (options.timescaledb) return `time_bucket('${Math.round(seconds)}s',${args[0]})`;
        const s = formatGoFloat(seconds);
        return `floor(extract(epoch from ${args[0]})/${s})*${s}`;
      }
      case '__timeGroupAlias':
        return `${expand('__timeGroup', args, context, state)} AS "time"`;
      case '__unixEpochGroup': {
        const s = formatGoFloat(groupInterval(name, args, state) / 1000);
        return `floor((${args[0]})/${s})*${s}`;
      }
      case '__unixEpochGroupAlias':
        return `${expand('__unixEpochGroup', args, context, state)} AS "time"`;
      default: {
        const common = commonEpochMacro(name, args, range);
        if (common === undefined) throw new MacroError(`undefined macro: $${name}`);
        return common;
      }
    }
  };
  return expand;
}
