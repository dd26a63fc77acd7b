import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { sameHash } from './secrets';

const GAUGES_NAMED_AS_COUNTERS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export type MetricsSources = {
  database: DatabaseHandle;
  /** open websockets on this instance */
  liveClients: () => number;
  /** jobs across all queues (the job runner) */
  jobs?: () => Promise<{ queued: number; active: number; failed: number }>;
};

/**
 * Prometheus metrics (prom-client): request duration by route and status, the database pool,
 * websocket clients, jobs, and Node's own (event-loop lag, memory, GC). One registry per app, so
 * test apps in one process never mix. Off unless METRICS_TOKEN (Bearer, on the app's port) or
 * METRICS_PORT (a port of its own) is set: a public /metrics would tell anyone the traffic.
 */
export function installMetrics(app: FastifyInstance, config: Config['metrics'], sources: MetricsSources) {
  const enabled = Boolean(config.token || config.port);
  const register = new Registry();
  if (enabled) {
    collectDefaultMetrics({ register, prefix: 'tend_' });
    // Only a counter may end in _total (Prometheus' naming rule, which `promtool check metrics`
    // enforces): prom-client's three gauges of Node's open handles, requests and resources in all
    // are dropped, since the same gauges by type (tend_nodejs_active_handles{type=...}) sum to them.
    for (const name of GAUGES_NAMED_AS_COUNTERS) register.removeSingleMetric(`tend_${name}`);
  }

  const duration = new Histogram({
    name: 'tend_http_request_duration_seconds',
    help: 'HTTP request duration by route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  const pool = sources.database.pool;
  new Gauge({
    name: 'tend_db_pool_connections',
    help: 'PostgreSQL pool connections by state (PGlite: one in-process connection)',
    labelNames: ['state'],
    registers: [register],
    collect() {
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });
  new Gauge({
    name: 'tend_websocket_clients',
    help: 'Open live connections on this instance',
    registers: [register],
    collect() {
      this.set(sources.liveClients());
    },
  });
  const jobs = sources.jobs;
  if (jobs) {
    new Gauge({
      name: 'tend_jobs',
      help: 'Jobs by state across all queues',
      labelNames: ['state'],
      registers: [register],
      async collect() {
        const counts = await jobs().catch(() => null);
        if (!counts) return;
        for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
      },
    });
  }

  if (enabled) {
    app.addHook('onResponse', async (req, reply) => {
      // the route template (/api/app/post/:id), never the raw URL: ids would make endless series
      const route = req.routeOptions.url ?? 'unmatched';
      duration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
  }

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const auth = req.headers.authorization ?? '';
    if (!config.token || !sameHash(auth, `Bearer ${config.token}`)) {
      const message = config.token
        ? 'Send the METRICS_TOKEN as a Bearer token.'
        : 'Metrics are off on this port: set METRICS_TOKEN, or read them on METRICS_PORT.';
      return reply
        .status(config.token ? 401 : 404)
        .send({ error: config.token ? 'unauthorized' : 'not_found', message });
    }
    return reply.type(register.contentType).send(await register.metrics());
  });

  let server: Server | undefined;
  if (config.port) {
    server = createServer((req, res) => {
      if (req.url !== '/metrics') return void res.writeHead(404).end();
      register.metrics().then(
        (text) => res.writeHead(200, { 'content-type': register.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    const metricsServer = server;
    app.addHook('onListen', async () => {
      await new Promise<void>((resolve, reject) => {
        metricsServer.once('error', reject).listen(config.port, config.host, () => resolve());
      });
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
    });
  }
  return register;
}
