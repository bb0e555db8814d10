import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every call carries `Content-Type: application/json`, GET and DELETE included: an empty body with
 * that header is no body, not a parse error. Prototype poisoning is still refused. JSON is the
 * only body the API reads: any other type (Fastify's default `text/plain` too) answers 415
 * UNSUPPORTED_MEDIA_TYPE, not a 400 about a body that is a string.
 */
async function jsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(request, body.toString(), done);
  });
}

export default fp(jsonBody, { name: 'json-body' });
