/** What the session list shows about a client: a small parser for the common browsers and systems. */
interface ClientDescription {
  browser: string;
  browserVersion: string;
  os: string;
  osVersion: string;
  device: string;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)\.(\d+)/, 'Edge'],
  [/OPR\/(\d+)\.(\d+)/, 'Opera'],
  [/Firefox\/(\d+)\.(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)\.(\d+)/, 'Chrome'],
  [/Version\/(\d+)\.(\d+).*Safari\//, 'Safari'],
  [/curl\/(\d+)\.(\d+)/, 'curl'],
  [/Go-http-client\/(\d+)\.(\d+)/, 'Go-http-client'],
  [/python-requests\/(\d+)\.(\d+)/, 'Python Requests'],
  [/node(?:-fetch)?\/?(\d+)?\.?(\d+)?/i, 'Node.js'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows NT (\d+)\.(\d+)/, 'Windows'],
  [/(?:iPhone|iPad|iPod).*OS (\d+)_(\d+)/, 'iOS'],
  [/Mac OS X (\d+)[._](\d+)/, 'Mac OS X'],
  [/Android (\d+)(?:\.(\d+))?/, 'Android'],
  [/CrOS/, 'Chrome OS'],
  [/Linux/, 'Linux'],
];

function version(match: RegExpExecArray): string {
  if (!match[1]) return '';
  return match[2] === undefined ? match[1] : `${match[1]}.${match[2]}`;
}

export function describeClient(userAgent: string): ClientDescription {
  const result: ClientDescription = {
    browser: 'Other',
    browserVersion: '',
    os: 'Other',
    osVersion: '',
    device: 'Other',
  };
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      result.browser = name;
      result.browserVersion = version(match);
      break;
    }
  }
  for (const [pattern, name] of SYSTEMS) {
    const match = pattern.exec(userAgent);
    if (match) {
      result.os = name;
      result.osVersion = version(match);
      break;
    }
  }
  const device = /\((iPhone|iPad|iPod)/.exec(userAgent);
  if (device) result.device = device[1]!;
  return result;
}
