// An HTTP request to a local server with headers fetch would not send as given (Host, above all):
// for the suites that prove a server refuses a name rebound to 127.0.0.1 or another site's page.
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** `method path` to 127.0.0.1:`port`, Host `127.0.0.1:port` unless `headers` says otherwise; `json` as the body. */
export async function rawRequest(
  port: number | string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
): Promise<RawAnswer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers = { host: `127.0.0.1:${port}`, ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers };
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    sent.on('error', reject).end(body);
  });
}
