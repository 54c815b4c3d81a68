import dns from 'node:dns';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';

/**
 * Push subscription endpoints are addresses the server connects to, so a client must not be able to
 * point them at the server's own network: only https URLs with a host name (no IP literal), no local
 * names, and — checked when connecting — only public addresses.
 */

const localNames = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

/** True for a URL the server may send push messages to (checked at save and again before sending). */
export function isPublicPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === '' || net.isIP(host) !== 0 || !host.includes('.') || localNames.test(host)) return false;
  return /^[a-z0-9.-]+$/i.test(host);
}

const privateV4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const privateV6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
];
const blockList = new net.BlockList();
for (const [address, prefix] of privateV4) blockList.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of privateV6) blockList.addSubnet(address, prefix, 'ipv6');

/** True for loopback, private, link-local, shared, documentation, multicast and reserved addresses. */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blockList.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (family === 0) return true;
  return blockList.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** DNS lookup that fails for names resolving to a non-public address (checked at connect time, so no rebinding). */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses;
    const refused = list.length === 0 || list.some((entry) => isNonPublicAddress(entry.address));
    if (refused) {
      const failure = Object.assign(new Error(`Push-Adresse ${hostname} ist nicht öffentlich.`), {
        code: 'ENOTPUBLIC',
      });
      return callback(failure, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0] as dns.LookupAddress;
    callback(null, first.address, first.family);
  });
};

/** The agent push messages go through by default: public addresses only. */
export const publicPushAgent = new https.Agent({ lookup: publicOnlyLookup, keepAlive: false });
