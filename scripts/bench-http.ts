import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';

/**
 * Drives GETs at a listening app with autocannon and prints one line: p50/p99 latency, throughput
 * and failures. `paths` are requested in turn (deep pages, cursors).
 */
export function benchGets(
  app: FastifyInstance,
  options: { connections: number; seconds: number; headers: Record<string, string> },
) {
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return (title: string, paths: string[]) =>
    new Promise<void>((resolve, reject) => {
      let next = 0;
      autocannon(
        {
          url: base,
          connections: options.connections,
          duration: options.seconds,
          headers: options.headers,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
        },
        (err, result) => {
          if (err) return reject(err);
          const { latency, requests, non2xx, errors } = result;
          console.log(
            `${title.padEnd(40)} p50 ${latency.p50} ms  p99 ${latency.p99} ms  max ${latency.max} ms  ${requests.average.toFixed(0)} req/s  (${requests.total} requests, ${non2xx} non-2xx, ${errors} errors)`,
          );
          resolve();
        },
      );
    });
}
