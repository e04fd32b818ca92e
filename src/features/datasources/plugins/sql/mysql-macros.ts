import { formatGoFloat } from '../go-format.js';
import {
  commonEpochMacro,
  groupInterval,
  MacroError,
  requireColumn,
  unixSeconds,
  type MacroExpander,
} from './macros.js';

/**
 * MySQL's macros, text for text as Grafana's mysql data source writes them: times through
 * FROM_UNIXTIME(seconds), groups through UNIX_TIMESTAMP() DIV.
 */
export const mysqlMacros: MacroExpander = (name, args, context, state) => {
  const { range } = context;
  switch (name) {
    case '__time':
    case '__timeEpoch':
      return `UNIX_TIMESTAMP(${requireColumn(name, args)}) as time_sec`;
    case '__timeFilter': {
      const column = requireColumn(name, args);
      return `${column} BETWEEN FROM_UNIXTIME(${unixSeconds(range.from)}) AND FROM_UNIXTIME(${unixSeconds(range.to)})`;
    }
    case '__timeFrom':
      return `FROM_UNIXTIME(${unixSeconds(range.from)})`;
    case '__timeTo':
      return `FROM_UNIXTIME(${unixSeconds(range.to)})`;
    case '__timeGroup': {
      // Grafana compat: %.0f, so sub-second intervals round to whole seconds here.
      const s = (groupInterval(name, args, state) / 1000).toFixed(0);
      return `UNIX_TIMESTAMP(${args[0]}) DIV ${s} * ${s}`;
    }
    case '__timeGroupAlias':
      return `${mysqlMacros('__timeGroup', args, context, state)} AS "time"`;
    case '__unixEpochGroup': {
      const s = formatGoFloat(groupInterval(name, args, state) / 1000);
      return `${args[0]} DIV ${s} * ${s}`;
    }
    case '__unixEpochGroupAlias':
      return `${mysqlMacros('__unixEpochGroup', args, context, state)} AS "time"`;
    default: {
      const common = commonEpochMacro(name, args, range);
      if (common === undefined) throw new MacroError(`undefined macro: $${name}`);
      return common;
    }
  }
};
