import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { missingBrowserReason } from '@bec/testkit/browser';
import { expect, test } from '../fixtures';
import { PRODUCTION, productionSkipReason } from './settings';

// A deployment whose CSP leaves the provider out (a reverse proxy that sets its own, say): the
// provider is up, so "cannot be reached" would send people looking in the wrong place.
const skipReason = missingBrowserReason ?? productionSkipReason;
test.skip(skipReason !== undefined, skipReason);

const issuer = new URL(PRODUCTION.issuer).origin;
let proxy: Server;
let proxyOrigin = '';

/** A reverse proxy in front of the app that drops the issuer from the pages' connect-src. */
test.beforeAll(async () => {
  const app = new URL(PRODUCTION.appOrigin);
  proxy = createServer((incoming, outgoing) => {
    const upstream = request(
      {
        host: app.hostname,
        port: app.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        const csp = answer.headers['content-security-policy'];
        if (typeof csp === 'string') {
          answer.headers['content-security-policy'] = csp.replace(
            `connect-src 'self' ${issuer}`,
            "connect-src 'self'",
          );
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, 'localhost', resolve));
  proxyOrigin = `http://localhost:${(proxy.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
});

test("a CSP that leaves the provider out is named as the reason sign-in can't start", async ({
  page,
}) => {
  const response = await page.goto(`${proxyOrigin}/home`);
  expect(response?.headers()['content-security-policy']).toMatch(
    /connect-src 'self' http:\/\/127\.0\.0\.1:\d+$/,
  );
  // After the usual retries (125 ms doubling to 2 s).
  await expect(page.getByRole('alert')).toHaveText(
    `La política de seguridad de esta página (CSP) bloquea el servicio de inicio de sesión en ${issuer}: quien administra BEC debe permitirlo en la configuración del servidor.`,
    { timeout: 15_000 },
  );
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toHaveCount(0);
});
