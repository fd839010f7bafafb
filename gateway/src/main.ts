/**
 * Process entry of the gateway (`npm start -w @formloom/gateway`): reads the environment (`config.ts` and the
 * edge variables of `edge-config.ts`), serves the built web app from WEB_DIST (default: the repository's
 * `web/dist`), listens on HOST:PORT, serves its Prometheus metrics on METRICS_HOST:METRICS_PORT when
 * METRICS_PORT is set (a port the Ingress never routes; METRICS_ENABLED=false turns it off), and shuts down
 * gracefully on SIGINT/SIGTERM with close-with-grace (after fastify/demo). Exits non-zero when the
 * configuration is invalid or a port cannot be opened.
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { createHttpMetrics, createMetricsApp } from '@formloom/kit/metrics';
import { buildGateway } from './app';
import { parseGatewayEnv } from './config';

async function main(): Promise<void> {
  const env = parseGatewayEnv(process.env);
  const metrics = env.METRICS_ENABLED && env.METRICS_PORT !== undefined ? createHttpMetrics('gateway') : undefined;
  const app = await buildGateway({
    services: env.services,
    internalToken: env.INTERNAL_TOKEN,
    webDist: env.WEB_DIST ?? path.resolve(__dirname, '../../web/dist'),
    webUrl: env.WEB_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    allowedOrigins: env.ALLOWED_ORIGINS,
    publicUrl: env.PUBLIC_URL,
    telemetry: { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME },
    metrics,
  });
  const metricsApp = metrics ? await createMetricsApp(metrics, { name: 'gateway', logLevel: env.LOG_LEVEL }) : undefined;
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
    await metricsApp?.close();
  });
  if (metricsApp) {
    const metricsUrl = await metricsApp.listen({ host: env.METRICS_HOST ?? env.HOST, port: env.METRICS_PORT });
    app.log.info({ url: `${metricsUrl}/metrics` }, 'gateway metrics listening');
  }
  const url = await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info({ url }, 'gateway listening');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
