import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fakes share: a loopback server on a free port, the requests it got, and posting webhooks. */

export interface Recorded {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes of the body. */
  body: Buffer;
}

export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 (a free port unless one is given) that records every request and answers it with `answer`'s JSON. */
export async function startServer(answer: (req: Recorded) => Answer | Promise<Answer>, port = 0): Promise<LoopbackServer> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      void Promise.resolve(answer(recorded)).then(
        (a) => {
          res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
          res.end(a.body === undefined ? '' : typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** POSTs `body` (its exact bytes) to `url` as a provider's webhook does; the receiver's status and text. */
export async function postWebhook(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
  return { status: res.status, text: await res.text() };
}

/** The JSON of a recorded body, or null. */
export function jsonOf(req: Recorded): unknown {
  try {
    return JSON.parse(req.body.toString('utf8'));
  } catch {
    return null;
  }
}
