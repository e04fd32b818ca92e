import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where svc may connect on a data source's behalf. A data source URL is chosen by whoever may
 * write data sources, and svc fetches it from inside the network it runs in: without a check a
 * data source pointed at a cloud's metadata service (169.254.169.254, fd00:ec2::254) would hand
 * out the machine's credentials through the proxy or a health check. So link-local and metadata
 * addresses are refused unless `[security] data_source_proxy_whitelist` names the host, both for
 * the literal in the URL and for every address a name resolves to, at connect time (a name that
 * resolves elsewhere on a second lookup gains nothing).
 */
const BLOCKED = new BlockList();
BLOCKED.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local; AWS, GCP, Azure, OpenStack metadata
BLOCKED.addSubnet('fe80::', 10, 'ipv6'); // link-local
BLOCKED.addAddress('fd00:ec2::254', 'ipv6'); // AWS metadata over IPv6
BLOCKED.addSubnet('::ffff:169.254.0.0', 112, 'ipv6'); // link-local written as IPv4-mapped IPv6

/** A link-local or cloud metadata address (v4, v6 or v4-mapped v6). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const refusedMessage = (host: string) =>
  `Data source host ${host} is a link-local or cloud metadata address: svc does not connect to it ` +
  'unless [security] data_source_proxy_whitelist lists it';

export class EgressRefused extends Error {
  readonly code = 'EGRESS_REFUSED';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;
type LookupFunction = (hostname: string, options: object, callback: LookupCallback) => void;

export interface EgressGuard {
  /** Grafana's `data_source_proxy_whitelist` check (proxy only): why `url` is not listed, if so. */
  proxyRefusal(url: URL): string | undefined;
  /** Why svc will not connect to `url`: its host is, or resolves to, a blocked address. */
  refusal(url: URL): Promise<string | undefined>;
  /** net.connect's `lookup` for `url`: the same rule on the addresses actually connected to. */
  lookupFor(url: URL): LookupFunction | undefined;
}

/** `host:port` as Grafana's whitelist holds it: the URL's own host, or with its default port. */
function hostKeys(url: URL): string[] {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return [url.host.toLowerCase(), `${url.hostname.toLowerCase()}:${port}`];
}

/** IPv6 literals come bracketed in URLs. */
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

export function createEgressGuard(whitelist: readonly string[] = []): EgressGuard {
  const listed = new Set(whitelist.map((entry) => entry.trim().toLowerCase()).filter(Boolean));
  const isListed = (url: URL) => hostKeys(url).some((key) => listed.has(key));

  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const blocked = addresses.find((a) => isBlockedAddress(a.address));
      if (blocked) return callback(new EgressRefused(refusedMessage(`${hostname} (${blocked.address})`)), []);
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first!.address, first!.family);
    });
  };

  return {
    proxyRefusal(url) {
      if (listed.size === 0 || isListed(url)) return undefined;
      return 'Data proxy hostname and ip are not included in whitelist';
    },

    async refusal(url) {
      if (isListed(url)) return undefined;
      const host = bare(url.hostname);
      if (isIP(host)) return isBlockedAddress(host) ? refusedMessage(host) : undefined;
      const addresses = await new Promise<LookupAddress[]>((resolve) =>
        // an unresolvable name is for the connection to report, in its own words
        dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
      );
      const blocked = addresses.find((a) => isBlockedAddress(a.address));
      return blocked ? refusedMessage(`${host} (${blocked.address})`) : undefined;
    },

    lookupFor(url) {
      return isListed(url) ? undefined : guardedLookup;
    },
  };
}

/** The guard of a data source whose settings carry none (no whitelist: only the blocked set). */
export const DEFAULT_EGRESS = createEgressGuard();
