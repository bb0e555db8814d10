import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers under this many bytes go out as they are. Chosen from the bench (bench/README.md,
 * ADR 012).
 */
export const COMPRESSION_THRESHOLD = 1024;
/** brotli's quality for answers compressed on the fly (bench figures in ADR 012). */
export const BROTLI_QUALITY = 4;
/** gzip's level for clients that accept no brotli. */
export const GZIP_LEVEL = 6;

/**
 * Routes that answer files or bytes, never compressed on the fly: the web build's assets (the
 * build compressed them once, at its highest levels; what it left plain is under 1 kB), photos
 * and uploads (images), and the CSV export, whose failure mid-file must break the download off
 * rather than end a compressed stream cleanly (ADR 012).
 */
const NOT_COMPRESSED = /^\/(assets|photos|storage)\/|^\/api\/properties\/export\.csv$/;

/** What this plugin compresses: the API's JSON and the HTML pages. */
const COMPRESSIBLE = /^(application\/json|text\/html)\s*(;|$)/i;

/** Adds accept-encoding to Vary, keeping what is there (and `*`, which covers it). */
function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current ? String(current) : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(?=,|$)/i.test(value)) return;
  reply.header('vary', value ? `${value}, accept-encoding` : 'accept-encoding');
}

/**
 * HTML and JSON answers over COMPRESSION_THRESHOLD are compressed on the fly at a cheap level:
 * brotli when the client accepts it, else gzip. Every HTML and JSON answer says
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
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    // Request bodies are never compressed by the web app; accepting them would only add a way in.
    globalDecompression: false,
  });
}

export default fp(compression, { name: 'compression' });
