import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The choices ADR 012 makes from the bench's figures (bench/reports/2026-11-24-compression.md).
 * Under 1 kB an answer saves a few hundred bytes at most, inside the packets its headers take
 * anyway, for a zlib call and the server's work around it.
 */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * gzip 1, preferred when a client accepts both (browsers do): on the list's pages it costs what
 * brotli 1 costs and comes out as small; higher levels save few bytes for several times the CPU,
 * on the server thread that is the API's bottleneck.
 */
const GZIP_LEVEL = 1;
/** brotli 1, for clients that prefer br or accept only br. */
const BROTLI_QUALITY = 1;
/**
 * Answers up to this size are compressed in one synchronous call. @fastify/compress's default
 * on 2 cores (8 kB) sent the first page through a zlib stream on the thread pool, which cost
 * several times the server CPU of one synchronous call. 64 kB covers a page of 100 cards.
 */
const SYNC_COMPRESSION_LIMIT = 64 * 1024;

/**
 * Routes that answer files or bytes, never compressed on the fly: the web build's assets (the
 * build compressed them once, at its highest levels; what it left plain is under 1 kB), photos
 * and uploads (images), and the CSV export, whose failure mid-file must break the download off
 * rather than end a compressed stream cleanly (ADR 012).
 */
const NOT_COMPRESSED = /^\/(assets|photos|storage)\/|^\/api\/properties\/export\.csv$/;

/** BEC's own answers: the API's JSON and the HTML pages. */
const COMPRESSIBLE = /^(application\/json|text\/html)\s*(;|$)/i;

/** Adds accept-encoding to Vary, keeping what is there (and `*`, which covers it). */
function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current ? String(current) : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(?=,|$)/i.test(value)) return;
  reply.header('vary', value ? `${value}, accept-encoding` : 'accept-encoding');
}

/**
 * HTML and JSON answers over COMPRESSION_THRESHOLD are compressed on the fly at a cheap level
 * (and, as mime-db lists them, the API docs' script and CSS). Every HTML and JSON answer says
 * `Vary: accept-encoding`, compressed or not (too small, or the client asked for none), so no
 * cache hands one client's encoding to another. Headers set before the answer (security headers,
 * x-request-id) and error envelopes pass through unchanged.
 */
async function compression(app: FastifyInstance) {
  // Before @fastify/compress's own onRoute hook, which reads `compress` to decide.
  app.addHook('onRoute', (route) => {
    if (NOT_COMPRESSED.test(route.url)) route.compress = false;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) {
      varyOnAcceptEncoding(reply);
    }
    done(null, payload);
  });
  await app.register(compress, {
    encodings: ['gzip', 'br'],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    syncThreshold: SYNC_COMPRESSION_LIMIT,
    // Request bodies are never compressed by the web app; accepting them would only add a way in.
    globalDecompression: false,
  });
}

export default fp(compression, { name: 'compression' });
