/**
 * `npm start`: the whole product in this process (see `embedded.ts`), on http://localhost:8080 by default,
 * with the web app built by `npm run build:web` (`web/dist`). Stops gracefully on SIGINT/SIGTERM
 * (close-with-grace; a second signal, or 10 s, forces the exit). Data survives a restart (`DATA_DIR`).
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | PORT | 8080 | the gateway's port (web app and API) |
 * | HOST | localhost | the interface the gateway listens on (`0.0.0.0` to be reachable from other machines) |
 * | DATA_DIR | .data | where the databases live (`$DATA_DIR/<service>`), relative to the working directory |
 * | LOG_LEVEL | info | fatal, error, warn, info, debug, trace or silent |
 * | TRUST_PROXY | false | the reverse proxies in front of the gateway whose `X-Forwarded-For` to believe: `false` (none: the gateway is the edge), a number of hops (`1` behind one nginx or Caddy), or their addresses/CIDRs |
 *
 * Every service's own settings and secrets (`SMTP_URL`, `MAIL_FROM`, `AUTH_KEY_ENCRYPTION_SECRET`,
 * `OUTBOX_POLL_MS` …, see the manifest `contracts/src/services.ts`) pass through; each service checks its own
 * (an invalid one stops the start with a message naming it).
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { parseTrustProxy, type TrustProxy } from '@formloom/kit/config';
import { startEmbedded } from './embedded';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** What `npm start` reads from the environment (see the table above). */
interface StartEnv {
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  LOG_LEVEL: string;
  TRUST_PROXY: TrustProxy;
}

/** Parses the environment; returns the list of problems instead when a variable is invalid. */
function parseStartEnv(env: Record<string, string | undefined>): StartEnv | string[] {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const problems: string[] = [];
  const port = Number(value('PORT') ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('PORT: must be a port number (0-65535)');
  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}`);
  let trustProxy: TrustProxy = false;
  try {
    trustProxy = parseTrustProxy(value('TRUST_PROXY') ?? 'false');
  } catch (error) {
    problems.push(`TRUST_PROXY: must be false, a number of hops or addresses/CIDRs (${(error as Error).message})`);
  }
  if (problems.length > 0) return problems;
  return {
    PORT: port,
    HOST: value('HOST') ?? 'localhost',
    DATA_DIR: value('DATA_DIR') ?? '.data',
    LOG_LEVEL: logLevel,
    TRUST_PROXY: trustProxy,
  };
}

async function main(): Promise<void> {
  const env = parseStartEnv(process.env);
  if (Array.isArray(env)) {
    console.error(`Invalid configuration:\n${env.join('\n')}`);
    process.exit(1);
  }
  const product = await startEmbedded({
    dataDir: path.resolve(env.DATA_DIR),
    port: env.PORT,
    host: env.HOST,
    webDist: path.resolve(__dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
  });
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) console.error(err);
    else if (signal) console.log(`Formloom is stopping (${signal})`);
    await product.close();
  });
  console.log(`Formloom is running at http://localhost:${product.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
