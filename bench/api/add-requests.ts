import type { Target as HttpTarget } from './scenarios.js';

/**
 * Sequential adds over HTTP on one connection: each request's latency in ms. With a pause, each
 * add waits that long after the last answer, as adds come from people: the worker's matching of
 * one add (after its commit) is then over before the next add, which measures the write itself.
 */
export async function addSlice(target: HttpTarget, n: number, next: () => unknown, pauseMs = 0) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const started = performance.now();
    const res = await fetch(`${target.base}/api/properties/add`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${target.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(next()),
    }).catch((err: Error) => {
      throw new Error(`POST /api/properties/add: ${err.message} (${String(err.cause)})`);
    });
    await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`POST /api/properties/add: ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}
