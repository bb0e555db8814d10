import { expect } from 'vitest';
import type { setupApp } from './helpers.js';

type App = ReturnType<typeof setupApp>;

/**
 * Adds a broker through the API as an editor and answers its id: a database starts with no
 * brokers (only the demo data has sample ones), so a test that needs one makes its own.
 */
export async function addBroker(t: App, body: Record<string, unknown> = {}) {
  const response = await t.inject('editor', {
    method: 'POST',
    url: '/api/brokers',
    payload: { name: 'Patricia Soto', company: 'Soto Propiedades', phone: '9 8123 4567', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}
