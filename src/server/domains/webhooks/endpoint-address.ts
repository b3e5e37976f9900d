// Where a webhook may be sent (server-side request forgery): an https URL whose host resolves only
// to public unicast addresses. Checked when an admin registers the URL and again, by the socket's
// own DNS lookup, on every delivery (safeLookup below), so a name that later resolves to a private
// address (DNS rebinding) is refused at connect time: the address checked is the address connected to.
// WEBHOOKS_ALLOW_LOOPBACK lets tests and local development use loopback (and http:// to it).
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookMessages } from '../../../shared/webhook-messages';

export interface EndpointAddressPolicy {
  /** WEBHOOKS_ALLOW_LOOPBACK: loopback addresses, and http:// to them, are allowed (tests, local development). */
  allowLoopback: boolean;
}

export const STRICT_ADDRESS_POLICY: EndpointAddressPolicy = { allowLoopback: false };

/**
 * Whether a delivery may connect to the address: public unicast only. ipaddr.js names every
 * special range (private, loopback, link-local, unique-local, multicast, unspecified, CGNAT,
 * reserved, 6to4 and Teredo tunnels...); anything but 'unicast' is refused, and an IPv4 address
 * written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
 */
export function isAllowedAddress(address: string, policy: EndpointAddressPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  return range === 'unicast' || (policy.allowLoopback && range === 'loopback');
}

type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((entry) => entry.address));
    });
  });

/** The host of a URL as DNS and ipaddr.js read it: IPv6 literals without their brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why the URL may not receive webhooks, or null when it may: https (http only to loopback when
 * loopback is allowed), no credentials in it, and every address its host resolves to allowed.
 */
export async function refusalOfEndpointUrl(
  text: string,
  policy: EndpointAddressPolicy,
  resolve: Resolve = resolveAll,
): Promise<string | null> {
  if (!URL.canParse(text)) return webhookMessages.urlInvalid;
  const url = new URL(text);
  if (url.username !== '' || url.password !== '') return webhookMessages.urlHasCredentials;
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return webhookMessages.urlUnresolvable;
    }
  }
  if (addresses.length === 0) return webhookMessages.urlUnresolvable;
  if (!addresses.every((address) => isAllowedAddress(address, policy))) return webhookMessages.urlPrivateAddress;
  const loopbackOnly = addresses.every((address) => ipaddr.process(address).range() === 'loopback');
  if (url.protocol === 'https:' || (url.protocol === 'http:' && policy.allowLoopback && loopbackOnly)) return null;
  return webhookMessages.urlNotHttps;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request / https.request: resolves as Node would, then refuses the connection
 * unless every address is allowed, so the socket only ever connects to an address that was checked.
 */
export function safeLookup(policy: EndpointAddressPolicy) {
  return (hostname: string, options: LookupAllOptions | object, callback: LookupCallback): void => {
    const all = (options as { all?: boolean }).all === true;
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, all ? [] : '', undefined);
      const refused = addresses.find((entry) => !isAllowedAddress(entry.address, policy));
      if (refused || addresses.length === 0) {
        const blocked: NodeJS.ErrnoException = new Error(
          `refused to connect to ${hostname}: ${refused?.address ?? 'no address'} is not public`,
        );
        blocked.code = 'EADDRNOTPUBLIC';
        return callback(blocked, all ? [] : '', undefined);
      }
      if (all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
