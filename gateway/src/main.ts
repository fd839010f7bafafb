/**
 * Process entry of the gateway (`npm start -w @formloom/gateway`): reads the environment (see `config.ts`),
 * serves the built web app from WEB_DIST (default: the repository's `web/dist`), listens on HOST:PORT and
 * shuts down gracefully on SIGINT/SIGTERM with close-with-grace (after fastify/demo). Exits non-zero when the
 * configuration is invalid or the port cannot be opened.
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildGateway } from './app';
import { parseGatewayEnv, serviceUrls } from './config';

async function main(): Promise<void> {
  const env = parseGatewayEnv(process.env);
  const app = await buildGateway({
    services: serviceUrls(env),
    internalToken: env.INTERNAL_TOKEN,
    webDist: env.WEB_DIST ?? path.resolve(__dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    telemetry: { otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME },
    metricsEnabled: env.METRICS_ENABLED,
  });
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
  });
  const url = await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info({ url }, 'gateway listening');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
