/**
 * The outbound-HTTP guard as an operator sees it: URLs a user saves that point inside the network (by address,
 * by an IPv4-mapped form, by a name that resolves there, or at a cloud metadata service) are refused with a
 * readable 400; at send time the addresses are checked again after DNS (a rebinding name never reaches the
 * local server), redirects are checked hop by hop, and oversized or slow answers are cut off. Only DNS is faked
 * (the `lookup` option); every request goes to a real HTTP server on the loopback interface.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { toErrorResponse } from '../src/http';
import {
  AllowedHostsVariable,
  checkOutboundUrl,
  classifyAddress,
  OutboundRequestFailed,
  OutboundUrlRefused,
  parseAllowedHosts,
  sendOutbound,
  type OutboundFailureReason,
  type OutboundLookup,
  type OutboundRefusalReason,
} from '../src/outbound-http';

/** A public address no test connects to (example.com's). */
const PUBLIC_V4 = '93.184.215.14';

/** A resolver that answers `addresses` for every name and counts its calls. */
function resolvingTo(...answers: (readonly string[])[]): OutboundLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    return answers[Math.min(calls.length, answers.length) - 1] ?? [];
  };
  return Object.assign(lookup, { calls });
}

/** The refusal `promise` rejects with (fails the test when it resolves or rejects otherwise). */
async function refusalOf(promise: Promise<unknown>): Promise<OutboundUrlRefused> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof OutboundUrlRefused)) throw new Error(`expected OutboundUrlRefused, got ${String(error)}`);
  return error;
}

/** The failure `promise` rejects with (fails the test when it resolves or rejects otherwise). */
async function failureOf(promise: Promise<unknown>): Promise<OutboundRequestFailed> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof OutboundRequestFailed)) throw new Error(`expected OutboundRequestFailed, got ${String(error)}`);
  return error;
}

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface TestServer {
  /** `http://<host>:<port>` */
  origin: string;
  host: string;
  port: number;
  requests: Received[];
}

const servers: http.Server[] = [];

/** A real HTTP server on `host`, port 0; `handle` answers after the request body has arrived. */
async function startServer(
  handle: (request: http.IncomingMessage, response: http.ServerResponse) => void,
  host = '127.0.0.1',
): Promise<TestServer> {
  const requests: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() });
      handle(request, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://${host}:${port}`, host, port, requests };
}

/** A server that answers 200 `hello` to everything. */
function helloServer(host?: string): Promise<TestServer> {
  return startServer((_request, response) => response.end('hello'), host);
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

describe('checkOutboundUrl: saving a URL', () => {
  it.each([
    ['loopback', 'http://127.0.0.1/hook', 'a loopback address'],
    ['loopback, end of 127/8', 'http://127.255.255.254/hook', 'a loopback address'],
    ['loopback in decimal', 'http://2130706433/hook', 'a loopback address'],
    ['loopback in hex and short form', 'http://0x7f.1/hook', 'a loopback address'],
    ['IPv6 loopback', 'http://[::1]/hook', 'a loopback address'],
    ['unspecified', 'http://0.0.0.0/hook', 'the unspecified address'],
    ['IPv6 unspecified', 'http://[::]/hook', 'the unspecified address'],
    ['private 10/8', 'http://10.1.2.3/hook', 'a private network address'],
    ['private 172.16/12, first', 'http://172.16.0.1/hook', 'a private network address'],
    ['private 172.16/12, last', 'http://172.31.255.254/hook', 'a private network address'],
    ['private 192.168/16', 'https://192.168.1.10/hook', 'a private network address'],
    ['IPv6 unique local fc00::/7', 'http://[fd12:3456::1]/hook', 'a private network address'],
    ['link-local', 'http://169.254.10.20/hook', 'a link-local address'],
    ['IPv6 link-local', 'http://[fe80::1]/hook', 'a link-local address'],
    ['carrier-grade NAT, first', 'http://100.64.0.1/hook', 'a carrier-grade NAT address'],
    ['carrier-grade NAT, last', 'http://100.127.255.254/hook', 'a carrier-grade NAT address'],
    ['multicast', 'http://224.0.0.1/hook', 'a multicast address'],
    ['IPv6 multicast', 'http://[ff02::1]/hook', 'a multicast address'],
    ['broadcast', 'http://255.255.255.255/hook', 'the broadcast address'],
    ['reserved 240/4', 'http://240.0.0.1/hook', 'a reserved or special-purpose address'],
    ['documentation range', 'http://192.0.2.1/hook', 'a reserved or special-purpose address'],
    ['IPv4-compatible IPv6 of loopback', 'http://[::127.0.0.1]/hook', 'a reserved or special-purpose address'],
    ['NAT64 of loopback', 'http://[64:ff9b::127.0.0.1]/hook', 'a loopback address'],
  ])('refuses a literal address: %s (%s)', async (_label, url, words) => {
    const lookup = resolvingTo([PUBLIC_V4]);
    const refusal = await refusalOf(checkOutboundUrl(url, { lookup }));
    expect(refusal.reason).toBe('private_address');
    expect(refusal.message).toContain(words);
    expect(lookup.calls).toEqual([]);
  });

  it.each([
    ['a loopback address', 'http://[::ffff:127.0.0.1]/hook', 'private_address'],
    ['a loopback address in hex', 'http://[::ffff:7f00:1]/hook', 'private_address'],
    ['a private address', 'http://[::ffff:10.0.0.1]/hook', 'private_address'],
    ['a 192.168/16 address', 'http://[::ffff:192.168.0.1]/hook', 'private_address'],
    ['a link-local address', 'http://[::ffff:169.254.0.1]/hook', 'private_address'],
    ['a carrier-grade NAT address', 'http://[::ffff:100.64.0.1]/hook', 'private_address'],
    ['the unspecified address', 'http://[::ffff:0.0.0.0]/hook', 'private_address'],
    ['the metadata address', 'http://[::ffff:169.254.169.254]/latest/meta-data/', 'metadata'],
  ])('refuses the IPv4-mapped IPv6 form of %s', async (_label, url, reason) => {
    expect((await refusalOf(checkOutboundUrl(url))).reason).toBe(reason);
  });

  it('lets public addresses through, including those just outside the refused ranges and their mapped forms', async () => {
    const lookup = resolvingTo([]);
    for (const url of [
      'https://8.8.8.8/hook',
      'http://11.0.0.1/',
      'http://172.32.0.1/',
      'http://100.128.0.1/',
      'http://192.169.0.1/',
      'http://169.255.0.1/',
      'http://[2606:4700:4700::1111]/',
      'http://[::ffff:8.8.8.8]/',
      'http://[64:ff9b::8.8.8.8]/',
    ]) {
      const check = await checkOutboundUrl(url, { lookup });
      expect(check.addresses).toHaveLength(1);
    }
    expect(lookup.calls).toEqual([]);
  });

  it.each([
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/iam/'],
    ['the ECS task metadata address', 'http://169.254.170.2/v2/credentials'],
    ['the AWS IPv6 metadata address', 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['the Google metadata name', 'http://metadata.google.internal/computeMetadata/v1/'],
    ['the Google metadata name in capitals with a trailing dot', 'http://METADATA.GOOGLE.INTERNAL./computeMetadata/v1/'],
  ])('refuses %s, even when the operator allows that host', async (_label, url) => {
    const host = new URL(url).hostname;
    const lookup = resolvingTo(['169.254.169.254']);
    for (const allowedHosts of [[], parseAllowedHosts(host)]) {
      const refusal = await refusalOf(checkOutboundUrl(url, { lookup, allowedHosts }));
      expect(refusal.reason).toBe('metadata');
      expect(refusal.message).toMatch(/cloud metadata service/);
    }
    expect(lookup.calls).toEqual([]);
  });

  it('refuses an allowed name that resolves to the metadata address', async () => {
    const lookup = resolvingTo(['169.254.169.254']);
    const refusal = await refusalOf(checkOutboundUrl('http://hooks.internal.test/', { lookup, allowedHosts: parseAllowedHosts('hooks.internal.test') }));
    expect(refusal.reason).toBe('metadata');
  });

  it('refuses localhost and names under it without asking DNS', async () => {
    const lookup = resolvingTo([PUBLIC_V4]);
    for (const url of ['http://localhost:3000/hook', 'http://LOCALHOST./hook', 'http://api.localhost/hook']) {
      expect((await refusalOf(checkOutboundUrl(url, { lookup }))).reason).toBe('private_address');
    }
    expect(lookup.calls).toEqual([]);
  });

  it('refuses a name when any one of its addresses is private, without revealing the address', async () => {
    for (const addresses of [
      [PUBLIC_V4, '10.0.0.7'],
      ['10.0.0.7', PUBLIC_V4],
      [PUBLIC_V4, '::ffff:127.0.0.1'],
      ['2606:2800:220:1::1', 'fd00::7'],
    ]) {
      const refusal = await refusalOf(checkOutboundUrl('https://hooks.example.test/in', { lookup: resolvingTo(addresses) }));
      expect(refusal.reason).toBe('private_address');
      expect(refusal.message).toContain('hooks.example.test resolves to');
      expect(refusal.message).not.toContain(refusal.address);
    }
  });

  it('accepts a name whose every address is public and says which addresses it checked', async () => {
    const lookup = resolvingTo([PUBLIC_V4, '2606:2800:220:1::1']);
    const check = await checkOutboundUrl('https://Hooks.Example.Test/in?x=1', { lookup });
    expect(check).toMatchObject({ host: 'hooks.example.test', port: 443, addresses: [PUBLIC_V4, '2606:2800:220:1::1'], operatorAllowed: false });
    expect(lookup.calls).toEqual(['hooks.example.test']);
  });

  it('refuses a name that does not resolve', async () => {
    const failing: OutboundLookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    for (const lookup of [failing, resolvingTo([])]) {
      const refusal = await refusalOf(checkOutboundUrl('https://nowhere.example.test/', { lookup }));
      expect(refusal.reason).toBe('unresolvable');
      expect(refusal.message).toBe('The host name nowhere.example.test could not be found.');
    }
  });

  it.each<[string, OutboundRefusalReason]>([
    ['ftp://files.example.test/hook', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['gopher://example.test:70/', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://user:secret@hooks.example.test/', 'credentials'],
    ['https://token@hooks.example.test/', 'credentials'],
    ['hooks.example.test/no-scheme', 'invalid_url'],
    ['', 'invalid_url'],
  ])('refuses %j (%s)', async (url, reason) => {
    const lookup = resolvingTo([PUBLIC_V4]);
    expect((await refusalOf(checkOutboundUrl(url, { lookup }))).reason).toBe(reason);
    expect(lookup.calls).toEqual([]);
  });

  it('becomes a 400 validation_error with its message when a route lets it through', async () => {
    const refusal = await refusalOf(checkOutboundUrl('http://192.168.0.10/hook'));
    expect(toErrorResponse(refusal)).toEqual({
      status: 400,
      body: {
        error: {
          code: 'validation_error',
          message: 'The URL must point to a public internet address: 192.168.0.10 is a private network address.',
        },
      },
    });
  });

  it('lets a host the operator allows through although it is private, on the allowed port only', async () => {
    const allowedHosts = parseAllowedHosts('receiver.internal.test:8443, 10.0.0.9');
    const lookup = resolvingTo(['10.1.1.1']);
    await expect(checkOutboundUrl('https://receiver.internal.test:8443/in', { lookup, allowedHosts })).resolves.toMatchObject({
      operatorAllowed: true,
      addresses: ['10.1.1.1'],
    });
    await expect(checkOutboundUrl('http://10.0.0.9:1234/', { allowedHosts })).resolves.toMatchObject({ operatorAllowed: true });
    const otherPort = await refusalOf(checkOutboundUrl('https://receiver.internal.test/in', { lookup, allowedHosts }));
    expect(otherPort.reason).toBe('private_address');
  });
});

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['fe80::1%eth0', 'link_local'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['2002:7f00:1::', 'reserved'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('throws for a host name', () => {
    expect(() => classifyAddress('example.com')).toThrow('not an IP address');
  });
});

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  it('parses names, addresses and ports, ignoring blanks and case', () => {
    expect(parseAllowedHosts(' Hooks.Test , 127.0.0.1:8080,, [::1]:9000, ::1, localhost. ')).toEqual([
      { host: 'hooks.test' },
      { host: '127.0.0.1', port: 8080 },
      { host: '::1', port: 9000 },
      { host: '::1' },
      { host: 'localhost' },
    ]);
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts('')).toEqual([]);
  });

  it.each(['hooks.test:0', 'hooks.test:65536', 'hooks.test:http', '*.hooks.test', 'http://hooks.test', '[not-ipv6]:80'])(
    'refuses the malformed entry %s, naming it',
    (entry) => {
      expect(() => parseAllowedHosts(`ok.test,${entry}`)).toThrow(`allowed host "${entry}"`);
    },
  );

  it('fails a service config with the malformed entry named', () => {
    expect(AllowedHostsVariable.parse('a.test:81')).toEqual([{ host: 'a.test', port: 81 }]);
    expect(AllowedHostsVariable.parse(undefined)).toEqual([]);
    const result = AllowedHostsVariable.safeParse('a.test:99999');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('allowed host "a.test:99999"');
  });
});

describe('sendOutbound: sending to a real server', () => {
  it('refuses a local server by default, and reaches it when its host:port is allowed', async () => {
    const server = await helloServer();
    const refusal = await refusalOf(sendOutbound(`${server.origin}/hook`, { method: 'POST', body: '{}' }));
    expect(refusal.reason).toBe('private_address');
    expect(server.requests).toHaveLength(0);

    const otherPort = parseAllowedHosts(`127.0.0.1:${server.port === 65535 ? 1 : server.port + 1}`);
    expect((await refusalOf(sendOutbound(`${server.origin}/hook`, {}, { allowedHosts: otherPort }))).reason).toBe('private_address');
    expect(server.requests).toHaveLength(0);

    const response = await sendOutbound(
      `${server.origin}/hook`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' },
      { allowedHosts: parseAllowedHosts(`127.0.0.1:${server.port}`) },
    );
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('hello');
    expect(response.url).toBe(`${server.origin}/hook`);
    expect(server.requests).toEqual([expect.objectContaining({ method: 'POST', url: '/hook', body: '{"a":1}' })]);
  });

  it('refuses a name resolving to the local server at connect time, and reaches it when the name is allowed', async () => {
    const server = await helloServer();
    const url = `http://receiver.example.test:${server.port}/hook`;
    const lookup = resolvingTo(['127.0.0.1']);
    const refusal = await refusalOf(sendOutbound(url, {}, { lookup }));
    expect(refusal).toMatchObject({ reason: 'private_address', host: 'receiver.example.test', address: '127.0.0.1' });
    expect(lookup.calls).toEqual(['receiver.example.test']);
    expect(server.requests).toHaveLength(0);

    const response = await sendOutbound(url, {}, { lookup, allowedHosts: parseAllowedHosts('receiver.example.test') });
    expect(response.status).toBe(200);
    expect(server.requests[0]?.headers.host).toBe(`receiver.example.test:${server.port}`);
  });

  it('refuses a DNS-rebinding name at send time although it was public when saved: the server never sees the request', async () => {
    const server = await helloServer();
    const url = `http://rebind.example.test:${server.port}/hook`;
    const lookup = resolvingTo([PUBLIC_V4], ['127.0.0.1']);
    await expect(checkOutboundUrl(url, { lookup })).resolves.toMatchObject({ addresses: [PUBLIC_V4] });

    const refusal = await refusalOf(sendOutbound(url, { method: 'POST', body: '{"secret":true}' }, { lookup }));
    expect(refusal.reason).toBe('private_address');
    expect(lookup.calls).toHaveLength(2);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses at send time a name with one public and one loopback address', async () => {
    const server = await helloServer();
    const lookup = resolvingTo([PUBLIC_V4, '127.0.0.1']);
    const refusal = await refusalOf(sendOutbound(`http://mixed.example.test:${server.port}/`, {}, { lookup }));
    expect(refusal.reason).toBe('private_address');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a redirect to an address that is not allowed; the target never sees a request', async () => {
    const target = await helloServer('127.0.0.2');
    const start = await startServer((_request, response) => response.writeHead(302, { location: `${target.origin}/internal` }).end());
    const refusal = await refusalOf(sendOutbound(`${start.origin}/hook`, {}, { allowedHosts: parseAllowedHosts(`127.0.0.1:${start.port}`) }));
    expect(refusal).toMatchObject({ reason: 'private_address', host: '127.0.0.2' });
    expect(start.requests).toHaveLength(1);
    expect(target.requests).toHaveLength(0);
  });

  it('refuses a redirect to a name that resolves to a loopback address, at connect time', async () => {
    const target = await helloServer();
    const start = await startServer((_request, response) =>
      response.writeHead(307, { location: `http://sneaky.example.test:${target.port}/` }).end(),
    );
    const lookup = resolvingTo(['127.0.0.1']);
    const refusal = await refusalOf(
      sendOutbound(`${start.origin}/hook`, { method: 'POST', body: 'x' }, { lookup, allowedHosts: parseAllowedHosts(`127.0.0.1:${start.port}`) }),
    );
    expect(refusal).toMatchObject({ reason: 'private_address', host: 'sneaky.example.test' });
    expect(lookup.calls).toEqual(['sneaky.example.test']);
    expect(target.requests).toHaveLength(0);
  });

  it.each<[string, OutboundRefusalReason]>([
    ['file:///etc/passwd', 'scheme'],
    ['http://admin:admin@127.0.0.1/', 'credentials'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
  ])('refuses a redirect to %s (%s) as it would refuse the URL itself', async (location, reason) => {
    const start = await startServer((_request, response) => response.writeHead(301, { location }).end());
    const refusal = await refusalOf(sendOutbound(`${start.origin}/hook`, {}, { allowedHosts: parseAllowedHosts('127.0.0.1') }));
    expect(refusal.reason).toBe(reason);
    expect(start.requests).toHaveLength(1);
  });

  it('follows a 303 to an allowed target as a GET without body or body headers', async () => {
    const target = await startServer((_request, response) => response.end('done'));
    const start = await startServer((_request, response) => response.writeHead(303, { location: `${target.origin}/result?id=7` }).end());
    const response = await sendOutbound(
      `${start.origin}/hook`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'x-formloom-event': 'submission' }, body: '{"a":1}' },
      { allowedHosts: parseAllowedHosts(`127.0.0.1:${start.port},127.0.0.1:${target.port}`) },
    );
    expect(response).toMatchObject({ status: 200, url: `${target.origin}/result?id=7` });
    expect(response.body.toString()).toBe('done');
    expect(start.requests).toEqual([expect.objectContaining({ method: 'POST', body: '{"a":1}' })]);
    expect(target.requests).toHaveLength(1);
    expect(target.requests[0]).toMatchObject({ method: 'GET', url: '/result?id=7', body: '' });
    expect(target.requests[0]?.headers['content-type']).toBeUndefined();
    expect(target.requests[0]?.headers['x-formloom-event']).toBe('submission');
  });

  it('repeats the method and body on a 307, and drops Authorization when the redirect leaves the origin', async () => {
    const target = await startServer((_request, response) => response.end('ok'));
    const start = await startServer((_request, response) => response.writeHead(307, { location: `${target.origin}/again` }).end());
    const response = await sendOutbound(
      `${start.origin}/hook`,
      { method: 'PUT', headers: { authorization: 'Bearer s3cret', 'content-type': 'text/plain' }, body: 'payload' },
      { allowedHosts: parseAllowedHosts('127.0.0.1') },
    );
    expect(response.status).toBe(200);
    expect(start.requests[0]?.headers.authorization).toBe('Bearer s3cret');
    expect(target.requests[0]).toMatchObject({ method: 'PUT', body: 'payload' });
    expect(target.requests[0]?.headers.authorization).toBeUndefined();
    expect(target.requests[0]?.headers['content-type']).toBe('text/plain');
  });

  it('stops after maxRedirects redirects', async () => {
    const loop = await startServer((request, response) => response.writeHead(302, { location: `${request.url}x` }).end());
    const failure = await failureOf(
      sendOutbound(`${loop.origin}/r`, {}, { maxRedirects: 2, allowedHosts: parseAllowedHosts(`127.0.0.1:${loop.port}`) }),
    );
    expect(failure.reason).toBe<OutboundFailureReason>('too_many_redirects');
    expect(loop.requests.map((request) => request.url)).toEqual(['/r', '/rx', '/rxx']);
  });

  it('returns an error status as a response, not an error', async () => {
    const server = await startServer((_request, response) => response.writeHead(503, { 'retry-after': '30' }).end('busy'));
    const response = await sendOutbound(server.origin, {}, { allowedHosts: parseAllowedHosts('127.0.0.1') });
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.body.toString()).toBe('busy');
  });

  it('accepts a body of exactly maxBodyBytes and refuses one byte more, sent without Content-Length', async () => {
    const server = await startServer((request, response) => {
      const size = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('size'));
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      // Chunked (no Content-Length): only counting the bytes can catch it.
      for (let sent = 0; sent < size; sent += 100) response.write(Buffer.alloc(Math.min(100, size - sent), 1));
      response.end();
    });
    const options = { maxBodyBytes: 1000, allowedHosts: parseAllowedHosts('127.0.0.1') };
    const exact = await sendOutbound(`${server.origin}/?size=1000`, {}, options);
    expect(exact.body).toHaveLength(1000);
    expect(exact.headers['content-length']).toBeUndefined();
    const failure = await failureOf(sendOutbound(`${server.origin}/?size=1001`, {}, options));
    expect(failure.reason).toBe<OutboundFailureReason>('response_too_large');
    expect(failure.message).toContain('larger than 1000 bytes');
  });

  it('refuses a body over the default 1 MiB limit', async () => {
    const server = await startServer((_request, response) => {
      response.write(Buffer.alloc(1024 * 1024));
      response.end(Buffer.alloc(1));
    });
    const failure = await failureOf(sendOutbound(server.origin, {}, { allowedHosts: parseAllowedHosts('127.0.0.1') }));
    expect(failure.reason).toBe<OutboundFailureReason>('response_too_large');
  });

  it('refuses at once a response whose Content-Length announces more than the limit', async () => {
    const server = await startServer((_request, response) => {
      // Announces 10 MiB, sends 10 bytes and never finishes: only the header can end this quickly.
      response.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
      response.write('0123456789');
    });
    const started = Date.now();
    const failure = await failureOf(sendOutbound(server.origin, {}, { timeoutMs: 5_000, allowedHosts: parseAllowedHosts('127.0.0.1') }));
    expect(failure.reason).toBe<OutboundFailureReason>('response_too_large');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up on a server that does not answer within the time limit', async () => {
    const server = await startServer(() => undefined);
    const started = Date.now();
    const failure = await failureOf(sendOutbound(server.origin, {}, { timeoutMs: 300, allowedHosts: parseAllowedHosts('127.0.0.1') }));
    expect(failure.reason).toBe<OutboundFailureReason>('timeout');
    expect(failure.message).toBe('127.0.0.1 did not answer within 300 ms.');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
  });

  it('counts the time to read the body in the time limit', async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(200);
      const drip = setInterval(() => response.write('.'), 50);
      response.on('close', () => clearInterval(drip));
    });
    const started = Date.now();
    const failure = await failureOf(sendOutbound(server.origin, {}, { timeoutMs: 400, allowedHosts: parseAllowedHosts('127.0.0.1') }));
    expect(failure.reason).toBe<OutboundFailureReason>('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a server that refuses connections as a network failure', async () => {
    const server = await helloServer();
    const port = server.port;
    await new Promise<void>((resolve) => servers.splice(0)[0]!.close(() => resolve()));
    const failure = await failureOf(sendOutbound(`http://127.0.0.1:${port}/`, {}, { allowedHosts: parseAllowedHosts('127.0.0.1') }));
    expect(failure.reason).toBe<OutboundFailureReason>('network');
    expect(failure.message).toContain('ECONNREFUSED');
  });
});
