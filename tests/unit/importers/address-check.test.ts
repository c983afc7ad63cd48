// Which addresses the importers may connect to (src/server/importers/fetch/address-check.ts): public
// ones only, in every form a URL or a resolver may give them, and IMPORT_ALLOWED_HOSTS's entries.
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  AddressRefusedError,
  checkingLookup,
  isAllowedUrl,
  parseAllowedHost,
  publicAddressesOf,
  refusedAddressReason,
  systemResolver,
  type Resolver,
} from '../../../src/server/importers/fetch/address-check.ts';

/** A resolver with fixed answers per name; any other name is not found. */
const resolverOf =
  (answers: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const found = answers[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AddressRefusedError);
  return (error as Error).message;
}

/** A URL's host as the fetcher checks it: the URL parser's reading of it. */
const hostOf = (url: string) => new URL(url).hostname;

describe('refusedAddressReason', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['127.255.0.9', '127.255.0.9 is a loopback address'],
    ['::1', '::1 is a loopback address'],
    ['10.0.0.1', '10.0.0.1 is a private address'],
    ['172.16.4.2', '172.16.4.2 is a private address'],
    ['192.168.1.1', '192.168.1.1 is a private address'],
    ['169.254.169.254', '169.254.169.254 is a cloud metadata address'],
    ['169.254.10.1', '169.254.10.1 is a link-local address'],
    ['fd00:ec2::254', 'fd00:ec2::254 is a cloud metadata address'],
    ['100.100.100.200', '100.100.100.200 is a cloud metadata address'],
    ['fd12:3456::1', 'fd12:3456::1 is a unique-local address'],
    ['fe80::1', 'fe80::1 is a link-local address'],
    ['fe80::1%eth0', 'fe80::1%eth0 is a link-local address'],
    ['100.64.0.1', '100.64.0.1 is a carrier-grade NAT address'],
    ['0.0.0.0', '0.0.0.0 is the unspecified address'],
    ['::', ':: is the unspecified address'],
    ['224.0.0.1', '224.0.0.1 is a multicast address'],
    ['ff02::1', 'ff02::1 is a multicast address'],
    ['255.255.255.255', '255.255.255.255 is the broadcast address'],
    ['240.0.0.1', '240.0.0.1 is a reserved address'],
    ['192.0.2.1', '192.0.2.1 is a reserved address'],
    // IPv4-mapped: judged as the IPv4 address inside, in either spelling.
    ['::ffff:169.254.169.254', '::ffff:169.254.169.254 (169.254.169.254) is a cloud metadata address'],
    ['::ffff:a9fe:a9fe', '::ffff:a9fe:a9fe (169.254.169.254) is a cloud metadata address'],
    ['::ffff:127.0.0.1', '::ffff:127.0.0.1 (127.0.0.1) is a loopback address'],
    ['::ffff:10.0.0.1', '::ffff:10.0.0.1 (10.0.0.1) is a private address'],
    // IPv4-compatible (deprecated; ipaddr.js calls ::7f00:1 unicast) and NAT64: refused whatever they carry.
    ['::7f00:1', '::7f00:1 is an IPv4-compatible address (of 127.0.0.1)'],
    ['::a9fe:a9fe', '::a9fe:a9fe is an IPv4-compatible address (of 169.254.169.254)'],
    ['64:ff9b::7f00:1', '64:ff9b::7f00:1 is a NAT64 address'],
    ['64:ff9b::a9fe:a9fe', '64:ff9b::a9fe:a9fe is a NAT64 address'],
    ['64:ff9b:1::a00:1', '64:ff9b:1::a00:1 is a NAT64 address'],
    ['::ffff:0:7f00:1', '::ffff:0:7f00:1 is an IPv4-translated address'],
    ['2002:7f00:1::', '2002:7f00:1:: is a 6to4 address'],
    ['not-an-address', 'not-an-address is not an IP address'],
  ])('refuses %s', (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])('lets %s through', (address) => {
    expect(refusedAddressReason(address)).toBeUndefined();
  });
});

describe('publicAddressesOf', () => {
  it('refuses loopback in every form a URL may write it, without a lookup', async () => {
    const noLookup: Resolver = () => Promise.reject(new Error('an IP address needs no lookup'));
    for (const url of [
      'http://127.0.0.1/',
      'http://[::1]/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::127.0.0.1]/',
      'http://[0:0:0:0:0:ffff:7f00:1]/',
    ]) {
      expect(await refusalOf(publicAddressesOf(hostOf(url), noLookup)), url).toMatch(
        /is a loopback address|IPv4-compatible address \(of 127\.0\.0\.1\)/,
      );
    }
  });

  it('refuses the metadata service and private networks, however written', async () => {
    const noLookup: Resolver = () => Promise.reject(new Error('an IP address needs no lookup'));
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/',
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fd00:ec2::254]/',
    ]) {
      expect(await refusalOf(publicAddressesOf(hostOf(url), noLookup)), url).toMatch(/is a cloud metadata address$/);
    }
    expect(await refusalOf(publicAddressesOf(hostOf('http://10.0.0.1/'), noLookup))).toBe(
      '10.0.0.1 is a private address',
    );
    expect(await refusalOf(publicAddressesOf(hostOf('http://012.0.0.1/'), noLookup))).toBe(
      '10.0.0.1 is a private address',
    );
  });

  it('refuses localhost as the system resolves it', async () => {
    expect(await refusalOf(publicAddressesOf('localhost', systemResolver))).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/,
    );
  });

  it('refuses a name when any of its addresses is refused, and answers all of a public one', async () => {
    const resolve = resolverOf({
      'mixed.test': ['93.184.216.34', '10.0.0.1'],
      'public.test': ['93.184.216.34', '2606:4700::1111'],
    });
    expect(await refusalOf(publicAddressesOf('mixed.test', resolve))).toBe(
      'mixed.test resolves to 10.0.0.1, a private address',
    );
    expect(await publicAddressesOf('public.test', resolve)).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
    expect(await publicAddressesOf('8.8.8.8', resolve)).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });

  it('passes a failed lookup on as it is, not as a refusal', async () => {
    const error = await publicAddressesOf('nowhere.test', resolverOf({})).catch((reason: unknown) => reason);
    expect(error).not.toBeInstanceOf(AddressRefusedError);
    expect((error as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});

describe('IMPORT_ALLOWED_HOSTS entries', () => {
  it('are host names or addresses, with or without a port', () => {
    expect(parseAllowedHost('Partner.LAN')).toEqual({ hostname: 'partner.lan' });
    expect(parseAllowedHost(' 10.1.2.3:8443 ')).toEqual({ hostname: '10.1.2.3', port: 8443 });
    expect(parseAllowedHost('[FD00::1]:80')).toEqual({ hostname: '[fd00::1]', port: 80 });
    for (const entry of [
      'http://partner.lan',
      'partner.lan/feed',
      'partner.lan:0',
      'partner.lan:70000',
      'user@partner.lan',
      '',
      'fd00::1',
    ]) {
      expect(parseAllowedHost(entry), entry).toBeUndefined();
    }
  });

  it('allow a URL on the named host, on any port or on the named one only', () => {
    const allowed = [
      parseAllowedHost('partner.lan')!,
      parseAllowedHost('127.0.0.1:8080')!,
      parseAllowedHost('secure.lan:443')!,
    ];
    expect(isAllowedUrl(new URL('http://PARTNER.lan:9000/feed'), allowed)).toBe(true);
    expect(isAllowedUrl(new URL('http://127.0.0.1:8080/'), allowed)).toBe(true);
    expect(isAllowedUrl(new URL('http://127.0.0.1:8081/'), allowed)).toBe(false);
    expect(isAllowedUrl(new URL('http://127.0.0.1/'), allowed)).toBe(false);
    expect(isAllowedUrl(new URL('https://secure.lan/'), allowed)).toBe(true);
    expect(isAllowedUrl(new URL('http://secure.lan/'), allowed)).toBe(false);
    expect(isAllowedUrl(new URL('http://other.lan/'), allowed)).toBe(false);
  });
});

describe('checkingLookup, the lookup each connection makes', () => {
  const lookupOnce = (lookup: ReturnType<typeof checkingLookup>, hostname: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((resolve) => {
      lookup(hostname, { all }, (error, address) => resolve({ error, address }));
    });

  it('checks what it answers at every connection: a name rebound to loopback is refused', async () => {
    let calls = 0;
    const rebinding: Resolver = async () =>
      ++calls === 1 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const lookup = checkingLookup(rebinding, []);
    expect(await lookupOnce(lookup, 'rebind.test', true)).toEqual({
      error: null,
      address: [{ address: '93.184.216.34', family: 4 }],
    });
    const second = await lookupOnce(lookup, 'rebind.test', false);
    expect(second.error).toBeInstanceOf(AddressRefusedError);
    expect(second.error!.message).toBe('rebind.test resolves to 127.0.0.1, a loopback address');
  });

  it('answers one address or all of them, as net asks, and an allowed name unchecked', async () => {
    const resolve = resolverOf({ 'public.test': ['93.184.216.34', '2606:4700::1111'], 'partner.lan': ['10.0.0.7'] });
    const lookup = checkingLookup(resolve, [parseAllowedHost('partner.lan:8080')!]);
    expect(await lookupOnce(lookup, 'public.test', false)).toEqual({ error: null, address: '93.184.216.34' });
    expect((await lookupOnce(lookup, 'public.test', true)).address).toHaveLength(2);
    expect(await lookupOnce(lookup, 'partner.lan', false)).toEqual({ error: null, address: '10.0.0.7' });
  });
});
