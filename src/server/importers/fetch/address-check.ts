// Where the importers may connect: public addresses only, so that a page, a feed or a redirect
// cannot make the server fetch its own loopback, the private network or a cloud's metadata service
// (server-side request forgery). Hosts named in IMPORT_ALLOWED_HOSTS are let through unchecked.
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A host name's addresses, as dns.lookup with all: true gives them. Injected by tests. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true });

/** Cloud metadata services, named as such in refusals (their ranges are refused anyway). */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** ipaddr.js's names of ranges, as a refusal reads them; any range but 'unicast' is refused. */
const RANGE_NAMES: Record<string, string> = {
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  reserved: 'a reserved address',
  uniqueLocal: 'a unique-local address',
  deprecatedSiteLocal: 'a site-local address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
};

/**
 * Why an address may not be connected to, or undefined for a public one. IPv4-mapped forms
 * (::ffff:127.0.0.1) are judged as the IPv4 address they carry; IPv4-compatible ones (::7f00:1,
 * deprecated, and 'unicast' to ipaddr.js) and NAT64 ones are refused whatever they carry.
 */
export function refusedAddressReason(address: string): string | undefined {
  const text = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(text)) return `${address} is not an IP address`;
  const parsed = ipaddr.process(text);
  const shown = parsed.toString();
  const as = shown === text ? '' : ` (${shown})`;
  if (METADATA_ADDRESSES.has(shown)) return `${text}${as} is a cloud metadata address`;
  if (parsed.kind() === 'ipv6') {
    const parts = (parsed as ipaddr.IPv6).parts;
    if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7]! > 1)) {
      const [a, b] = [parts[6]!, parts[7]!];
      return `${text} is an IPv4-compatible address (of ${a >> 8}.${a & 255}.${b >> 8}.${b & 255})`;
    }
  }
  const range = parsed.range();
  if (range === 'unicast') return undefined;
  return `${text}${as} is ${RANGE_NAMES[range] ?? `not a public address (${range})`}`;
}

/** An error that says a host may not be fetched from, and why. */
export class AddressRefusedError extends Error {
  override readonly name = 'AddressRefusedError';
}

/**
 * The addresses of a URL's host name (an IP address is its own), when every one of them is public.
 * Refused if any is not: a name with one private address among public ones could be sent there.
 */
export async function publicAddressesOf(hostname: string, resolve: Resolver): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family !== 0) {
    const reason = refusedAddressReason(bare);
    if (reason) throw new AddressRefusedError(reason);
    return [{ address: bare, family }];
  }
  const addresses = await resolve(bare);
  for (const { address } of addresses) {
    const reason = refusedAddressReason(address);
    if (reason) throw new AddressRefusedError(`${bare} resolves to ${reason.replace(/ is /, ', ')}`);
  }
  return addresses;
}

/** One IMPORT_ALLOWED_HOSTS entry: a host name (or IP address), on any port unless one is given. */
export interface AllowedHost {
  /** As URL.hostname writes it: lower case, an IPv6 address in brackets. */
  hostname: string;
  port?: number;
}

/** `host` or `host:port` (an IPv6 address in brackets), or undefined when the entry is not one. */
export function parseAllowedHost(entry: string): AllowedHost | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:/?#@\s[\]]+)(?::(\d{1,5}))?$/i.exec(entry.trim());
  if (!match) return undefined;
  const url = URL.parse(`http://${match[1]}/`);
  if (!url) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return port === undefined ? { hostname: url.hostname } : { hostname: url.hostname, port };
}

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** Whether a URL's host (and port) is one IMPORT_ALLOWED_HOSTS names. */
export const isAllowedUrl = (url: URL, allowed: readonly AllowedHost[]) =>
  allowed.some((host) => host.hostname === url.hostname && (host.port === undefined || host.port === portOf(url)));

/**
 * The lookup the fetcher's connections use (net.connect's `lookup`): the addresses are resolved
 * and checked here, at the moment of connecting, and the socket connects to exactly those. A name
 * that answered a public address when its URL was checked and a private one now (DNS rebinding)
 * is refused. Names in IMPORT_ALLOWED_HOSTS are resolved unchecked: their ports were checked with
 * their URLs. An IP address in a URL never comes here (net connects to it without a lookup).
 */
export function checkingLookup(resolve: Resolver, allowed: readonly AllowedHost[]): LookupFunction {
  const allowedNames = new Set(allowed.map((host) => host.hostname));
  return (hostname: string, options: LookupOptions, callback) => {
    const addresses = allowedNames.has(hostname.toLowerCase())
      ? resolve(hostname)
      : publicAddressesOf(hostname, resolve);
    addresses.then(
      (found) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const wanted = family === 4 || family === 6 ? found.filter((address) => address.family === family) : found;
        if (wanted.length === 0) {
          callback(
            Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }),
            '',
            0,
          );
        } else if (options.all) {
          callback(null, wanted);
        } else {
          callback(null, wanted[0]!.address, wanted[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
