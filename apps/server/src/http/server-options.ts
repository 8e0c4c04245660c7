import { PassThrough } from 'node:stream';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '@shala/contract';
import type { Config } from '../config.js';

/**
 * Options of the HTTP server. Timeouts, so a slow or stalled client cannot hold a connection forever:
 * headers must arrive within HEADERS_TIMEOUT_MS, a whole request (uploads included) within
 * UPLOAD_TIMEOUT_MS (Node answers 408 and closes), a socket with no traffic is closed after
 * IDLE_TIMEOUT_MS, and an idle keep-alive socket after KEEP_ALIVE_TIMEOUT_MS.
 */
export function serverOptions(config: Config): FastifyHttpOptions<Server> {
  const shortest = Math.min(config.HEADERS_TIMEOUT_MS, config.UPLOAD_TIMEOUT_MS);
  return {
    connectionTimeout: config.IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: config.UPLOAD_TIMEOUT_MS,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      // Node checks the two timeouts above on this interval (30 s by default): keep it a
      // fraction of the shortest so they fire close to their time.
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(shortest / 10))),
    },
    clientErrorHandler,
    frameworkErrors,
    // Start-up waits for the job queue (onReady): on a new database, nodes deployed together create
    // the same queues at once and PostgreSQL aborts one of a deadlock, which tries again. On a small,
    // busy server that took more than Fastify's 10 s, and the node failed to start.
    pluginTimeout: 60_000,
  };
}

/** Addresses the router refuses before any route runs (bad escapes, over-long params): the envelope. */
function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const body: ErrorEnvelope =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { error: 'BAD_REQUEST', message: 'The address is too long.' }
      : { error: 'BAD_REQUEST', message: 'The address is not valid.' };
  void reply.code(err.statusCode && err.statusCode < 500 ? err.statusCode : 400).send(body);
}

/** Errors Node finds before a request reaches Fastify (timeouts, malformed HTTP): the envelope, then close. */
function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [string, ErrorEnvelope] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['408 Request Timeout', { error: 'BAD_REQUEST', message: 'The request took too long to arrive.' }]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? ['431 Request Header Fields Too Large', { error: 'PAYLOAD_TOO_LARGE', message: 'The request headers are too large.' }]
        : ['400 Bad Request', { error: 'BAD_REQUEST', message: 'The request could not be read.' }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`);
  }
  socket.destroy(err);
}

/**
 * A request body other than an upload (JSON) must arrive within BODY_TIMEOUT_MS: a client that
 * drips it byte by byte gets 408 and the connection is closed. Multipart bodies are read by
 * their routes from the raw request and fall under UPLOAD_TIMEOUT_MS.
 */
export function bodyTimeout(app: FastifyInstance, ms: number) {
  app.addHook('preParsing', async (req, reply, payload) => {
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody || req.raw.complete || req.headers['content-type']?.startsWith('multipart/')) return payload;
    const out = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(out);
      if (!reply.raw.headersSent) reply.raw.setHeader('connection', 'close');
      out.destroy(Object.assign(new Error('The request took too long to arrive.'), { statusCode: 408 }));
    }, ms);
    const stop = () => clearTimeout(timer);
    out.once('end', stop);
    out.once('close', stop);
    reply.raw.once('close', stop);
    payload.once('error', (err) => out.destroy(err));
    return payload.pipe(out);
  });
}
