// Prometheus metrics (issue 24): who may scrape them. Either the API's GET /api/metrics with a bearer
// token, or a port of their own (no token) that only this machine reaches by default, or both.

export interface MetricsConfig {
  /** METRICS_TOKEN: GET /api/metrics answers `Authorization: Bearer <token>` only; unset: 404. */
  metricsToken?: string;
  /** METRICS_PORT: /metrics on a port of its own, without a token; unset: no such port. */
  metricsPort?: number;
  /** METRICS_HOST: the address METRICS_PORT listens on (127.0.0.1 unless set). */
  metricsHost: string;
}

const MIN_TOKEN_LENGTH = 16;

export function loadMetricsConfig(env: NodeJS.ProcessEnv = process.env): MetricsConfig {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token !== undefined && (token.length < MIN_TOKEN_LENGTH || /\s/.test(token))) {
    throw new Error(`METRICS_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters without spaces`);
  }
  const portText = env.METRICS_PORT?.trim() || undefined;
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && (!/^\d+$/.test(portText ?? '') || port < 1 || port > 65535)) {
    throw new Error(`METRICS_PORT must be a port number (1-65535), not "${env.METRICS_PORT}"`);
  }
  const host = env.METRICS_HOST?.trim() || '127.0.0.1';
  return { metricsToken: token, metricsPort: port, metricsHost: host };
}
