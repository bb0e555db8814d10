import net from 'node:net';

/**
 * A TCP proxy on loopback in front of PostgreSQL, to break the connection the way networks do:
 * - `forward`: passes bytes both ways (the normal state);
 * - `refuse`: closes every new connection at once, as a database that is down;
 * - `stall`: accepts and holds every byte, as a network that went silent; `forward` again
 *   delivers what was held.
 * `dropAll()` destroys every open connection, as a reset or a failover does. `tap` sees what the
 * app sends, each chunk once it is on its way to PostgreSQL, with the connection it came on.
 */
export type ProxyMode = 'forward' | 'refuse' | 'stall';

export async function startTcpProxy(target: { host: string; port: number }) {
  let mode: ProxyMode = 'forward';
  let onTraffic: (() => void) | null = null;
  let tap: ((chunk: Buffer, connection: object) => void) | null = null;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; flush: () => void }>();

  const server = net.createServer((client) => {
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const held: [net.Socket, Buffer][] = [];
    const relay = (to: net.Socket) => (chunk: Buffer) => {
      if (mode === 'stall') held.push([to, chunk]);
      else to.write(chunk);
    };
    client.on('data', (chunk: Buffer) => {
      relay(upstream)(chunk);
      onTraffic?.();
      tap?.(chunk, client);
    });
    upstream.on('data', relay(client));
    const pair = {
      client,
      upstream,
      flush: () => {
        for (const [to, chunk] of held.splice(0)) to.write(chunk);
      },
    };
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('close', close);
      socket.on('error', close);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    /** The connection count open through the proxy right now. */
    get open() {
      return pairs.size;
    },
    setMode(next: ProxyMode) {
      mode = next;
      if (next === 'forward') for (const pair of pairs) pair.flush();
    },
    /** Resolves once the app sends PostgreSQL something: a query is then on its way. */
    nextTraffic() {
      return new Promise<void>((resolve) => {
        onTraffic = () => {
          onTraffic = null;
          resolve();
        };
      });
    },
    /** Calls `listener` with every chunk the app sends (null: stops). */
    tap(listener: ((chunk: Buffer, connection: object) => void) | null) {
      tap = listener;
    },
    dropAll() {
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
    },
    close: async () => {
      mode = 'refuse';
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;
