import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers the next requests: JSON, any status or text, a stall, or a dropped socket. */
export type FakeAnswer =
  | { json: unknown; status?: number }
  | { text: string; status?: number }
  | { stallMs: number }
  | { drop: true };

/**
 * A UF source on loopback, standing in for mindicador.cl and the CMF's API (UF_SOURCE_URL points
 * at it): no test reaches the internet. `answer` decides per request path; every request is kept.
 */
export async function startFakeUfSource(
  answer: (path: string) => FakeAnswer = () => ({ json: { serie: [] } }),
) {
  const requests: string[] = [];
  let respond = answer;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    requests.push(path);
    const reply = respond(path);
    if ('drop' in reply) {
      req.socket.destroy();
      return;
    }
    if ('stallMs' in reply) {
      const timer = setTimeout(() => res.end(), reply.stallMs);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    const body = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    /** Changes how later requests are answered. */
    answerWith(next: (path: string) => FakeAnswer) {
      respond = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeUfSource = Awaited<ReturnType<typeof startFakeUfSource>>;

/** mindicador.cl's way of writing a Chilean day: its midnight in Santiago, as a UTC instant. */
const mindicadorDay = (date: string) => {
  // Santiago is UTC-3 in (southern) summer and UTC-4 in winter; the source writes either.
  const month = Number(date.slice(5, 7));
  const summer = month <= 3 || month >= 10;
  return `${date}T0${summer ? 3 : 4}:00:00.000Z`;
};

/** A mindicador.cl answer for these days. */
export const mindicadorSeries = (values: { date: string; value: number }[]) => ({
  version: '1.7.0',
  autor: 'mindicador.cl',
  codigo: 'uf',
  nombre: 'Unidad de fomento (UF)',
  unidad_medida: 'Pesos',
  serie: values.map((v) => ({ fecha: mindicadorDay(v.date), valor: v.value })),
});

/** A CMF answer for these days: "39.643,59" and "2025-11-01", as the CMF writes them. */
export const cmfSeries = (values: { date: string; value: number }[]) => ({
  UFs: values.map((v) => ({
    Valor: v.value.toLocaleString('es-CL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    Fecha: v.date,
  })),
});

/** A log that keeps what the UF job says, for tests to read. */
export function collectingLog() {
  const lines: { level: 'info' | 'warn'; details: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    warnings: () => lines.filter((l) => l.level === 'warn'),
    info: (details: object, message: string) =>
      lines.push({ level: 'info', details: details as Record<string, unknown>, message }),
    warn: (details: object, message: string) =>
      lines.push({ level: 'warn', details: details as Record<string, unknown>, message }),
  };
}
