// The load generator, run as its own process so it never shares an event loop with the server
// under test: reads one load spec (JSON on stdin), drives it with autocannon, and prints one
// JSON line with the figures the benchmark reports.
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  /** Seconds of load; ignored when `amount` is given. */
  duration: number;
  /** A fixed number of requests in all, spread over the connections. */
  amount?: number;
  headers?: Record<string, string>;
  /** Request bodies, taken in turn (one per request). */
  bodies?: string[];
  /** Authorization headers, taken in turn (one per request: each request is the next customer's). */
  authorizations?: string[];
  /** Paths (with their query strings), taken in turn, instead of the URL's own. */
  paths?: string[];
}

export interface LoadResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; mean: number };
  /** Connection errors and timeouts; HTTP statuses are counted in `statuses`. */
  socketErrors: number;
  statuses: Record<string, number>;
}

async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  let turn = 0;
  const { bodies, authorizations, paths } = spec;
  const baseHeaders = { ...(spec.method === 'POST' ? { 'content-type': 'application/json' } : {}), ...spec.headers };
  const personalised = Boolean(bodies?.length || authorizations?.length || paths?.length);
  const result = await autocannon({
    url: spec.url,
    method: spec.method,
    connections: spec.connections,
    duration: spec.duration,
    ...(spec.amount ? { amount: spec.amount } : {}),
    headers: baseHeaders,
    ...(personalised
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                const index = turn++;
                return {
                  ...request,
                  ...(bodies?.length ? { body: bodies[index % bodies.length] } : {}),
                  ...(paths?.length ? { path: paths[index % paths.length] } : {}),
                  ...(authorizations?.length
                    ? { headers: { ...baseHeaders, authorization: authorizations[index % authorizations.length]! } }
                    : {}),
                };
              },
            },
          ],
        }
      : {}),
  });
  const statuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = count;
  const seconds = result.duration;
  const requests = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  return {
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.mean },
    socketErrors: result.errors + result.timeouts,
    statuses,
  };
}

let input = '';
process.stdin.on('data', (chunk: Buffer) => (input += chunk.toString()));
process.stdin.on('end', () => {
  runLoad(JSON.parse(input) as LoadSpec).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
