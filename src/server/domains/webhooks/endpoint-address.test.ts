// Where webhooks may go: only https URLs whose every address is public unicast; loopback (and
// http:// to it) only with WEBHOOKS_ALLOW_LOOPBACK; and the socket's own lookup refuses a private
// address however the name resolves by then (DNS rebinding).
import { describe, expect, it } from 'vitest';
import { webhookMessages } from '../../../shared/webhook-messages';
import { refusalOfEndpointUrl, safeLookup, STRICT_ADDRESS_POLICY } from './endpoint-address';

const LOOPBACK_ALLOWED = { allowLoopback: true };
/** A resolver that knows a few names, so no test depends on the network. */
const resolveFake = async (host: string): Promise<string[]> => {
  const names: Record<string, string[]> = {
    'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'rebind.example.com': ['93.184.215.14', '10.0.0.5'],
    'inside.example.com': ['192.168.1.20'],
  };
  const found = names[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};

describe('registering an endpoint URL', () => {
  it('accepts an https URL whose addresses are all public', async () => {
    expect(await refusalOfEndpointUrl('https://hooks.example.com/sprocket', STRICT_ADDRESS_POLICY, resolveFake)).toBeNull();
    expect(await refusalOfEndpointUrl('https://93.184.215.14/hooks', STRICT_ADDRESS_POLICY, resolveFake)).toBeNull();
  });

  it('refuses plain http to a public address', async () => {
    expect(await refusalOfEndpointUrl('http://hooks.example.com/sprocket', STRICT_ADDRESS_POLICY, resolveFake)).toBe(
      webhookMessages.urlNotHttps,
    );
    expect(await refusalOfEndpointUrl('http://hooks.example.com/sprocket', LOOPBACK_ALLOWED, resolveFake)).toBe(
      webhookMessages.urlNotHttps,
    );
  });

  it.each([
    ['loopback', 'https://127.0.0.1/hooks'],
    ['private 10/8', 'https://10.1.2.3/hooks'],
    ['private 192.168/16', 'https://192.168.0.10/hooks'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['CGNAT', 'https://100.64.0.1/hooks'],
    ['unspecified', 'https://0.0.0.0/hooks'],
    ['multicast', 'https://224.0.0.1/hooks'],
    ['IPv6 loopback', 'https://[::1]/hooks'],
    ['IPv6 unique-local', 'https://[fc00::1]/hooks'],
    ['IPv6 unique-local (fd)', 'https://[fd12:3456::1]/hooks'],
    ['IPv6 link-local', 'https://[fe80::1]/hooks'],
    ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/hooks'],
    ['a name resolving to a private address', 'https://inside.example.com/hooks'],
    ['a name with one private address among public ones', 'https://rebind.example.com/hooks'],
  ])('refuses %s', async (_label, url) => {
    expect(await refusalOfEndpointUrl(url, STRICT_ADDRESS_POLICY, resolveFake)).toBe(webhookMessages.urlPrivateAddress);
  });

  it('refuses localhost (resolved by the system) unless loopback is allowed', async () => {
    expect(await refusalOfEndpointUrl('https://localhost/hooks', STRICT_ADDRESS_POLICY)).toBe(webhookMessages.urlPrivateAddress);
    expect(await refusalOfEndpointUrl('https://localhost/hooks', LOOPBACK_ALLOWED)).toBeNull();
  });

  it('allows http:// to loopback only when loopback is allowed, and never to a private network', async () => {
    expect(await refusalOfEndpointUrl('http://127.0.0.1:8080/hooks', STRICT_ADDRESS_POLICY)).toBe(webhookMessages.urlPrivateAddress);
    expect(await refusalOfEndpointUrl('http://127.0.0.1:8080/hooks', LOOPBACK_ALLOWED)).toBeNull();
    expect(await refusalOfEndpointUrl('http://[::1]:8080/hooks', LOOPBACK_ALLOWED)).toBeNull();
    expect(await refusalOfEndpointUrl('https://10.0.0.1/hooks', LOOPBACK_ALLOWED)).toBe(webhookMessages.urlPrivateAddress);
  });

  it('refuses credentials in the URL, a name that does not resolve, and what is not a URL', async () => {
    expect(await refusalOfEndpointUrl('https://user:pw@hooks.example.com/', STRICT_ADDRESS_POLICY, resolveFake)).toBe(
      webhookMessages.urlHasCredentials,
    );
    expect(await refusalOfEndpointUrl('https://nowhere.example.com/', STRICT_ADDRESS_POLICY, resolveFake)).toBe(
      webhookMessages.urlUnresolvable,
    );
    expect(await refusalOfEndpointUrl('hooks', STRICT_ADDRESS_POLICY, resolveFake)).toBe(webhookMessages.urlInvalid);
  });
});

describe('the socket’s lookup at delivery', () => {
  const lookUp = (policy: typeof STRICT_ADDRESS_POLICY, host: string) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
      safeLookup(policy)(host, { all: false }, (error, address) => resolve({ error, address }));
    });

  it('refuses to connect to a name that resolves to loopback', async () => {
    const { error } = await lookUp(STRICT_ADDRESS_POLICY, 'localhost');
    expect(error?.code).toBe('EADDRNOTPUBLIC');
  });

  it('gives the checked address when the policy allows it', async () => {
    const { error, address } = await lookUp(LOOPBACK_ALLOWED, 'localhost');
    expect(error).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(address);
  });
});
