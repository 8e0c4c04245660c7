import type { FastifyReply } from 'fastify';

/**
 * A private file as a download (class work's, a message's, a class's report cards, a student's
 * data): saved under its own name, never shown inline, never sniffed, never cached.
 */

/** `attachment` with the original name: RFC 5987 for any script, an ASCII fallback for old clients. */
export function attachmentDisposition(originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(originalName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends the bytes (a buffer, or a stream of a known size) as a private download named `fileName`. */
export function sendDownload(reply: FastifyReply, file: { mime: string; fileName: string; body: Buffer | NodeJS.ReadableStream; size?: number }): FastifyReply {
  reply
    .header('content-type', file.mime)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.body);
}
