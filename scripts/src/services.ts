/**
 * `npm run start:services`: one-node mode — the gateway and every service as its own process on PostgreSQL
 * and Redis, under the supervisor of `supervisor.ts` (which restarts a child that dies). Stops gracefully on
 * SIGINT/SIGTERM (every child gets SIGTERM; a second signal, or 30 s, forces the exit).
 *
 * | variable | default | meaning |
 * | --- | --- | --- |
 * | PG_URL | postgres://postgres@127.0.0.1:5432 | PostgreSQL server; each service gets `$PG_URL/formloom_<service>` (created if missing) |
 * | REDIS_URL | redis://127.0.0.1:6379 | Redis of the event bus (Redis Streams) |
 * | PORT | 8080 | the gateway's port (web app and API) |
 * | HOST | localhost | the gateway's interface (`0.0.0.0` to be reachable from other machines) |
 * | `<SERVICE>_PORT` (WORKSPACES_AUTH_PORT …) | the manifest's port of each service (8101 …) | the services' ports on 127.0.0.1 |
 * | INTERNAL_TOKEN | random per start | shared secret on `/internal/…` calls (16+ characters) |
 * | LOG_LEVEL | info | level of every child |
 * | WEB_DIST | web/dist | the built web app the gateway serves |
 *
 * Other variables (`SMTP_URL`, `MAIL_FROM`, `AUTH_KEY_ENCRYPTION_SECRET`, `OUTBOX_POLL_MS`, `RUN_LEASE_MS` …)
 * pass through to every child.
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import {
  DEFAULT_PG_URL,
  DEFAULT_PORTS,
  DEFAULT_REDIS_URL,
  START_ORDER,
  portVariableOf,
  startSupervisor,
  type ProcessName,
} from './supervisor';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The port variable of each process of the manifest (`PORT` for the gateway, `<SERVICE>_PORT` for a service). */
const PORT_ENV: Readonly<Record<ProcessName, string>> = Object.fromEntries(
  START_ORDER.map((name) => [name, portVariableOf(name)]),
) as Record<ProcessName, string>;

/** What `npm run start:services` reads (see the table above). */
interface ServicesEnv {
  pgUrl: string;
  redisUrl: string;
  ports: Record<ProcessName, number>;
  host: string;
  internalToken: string | undefined;
  logLevel: string;
  webDist: string;
}

/** Parses the environment; returns the list of problems instead when a variable is invalid. */
function parseServicesEnv(env: Record<string, string | undefined>): ServicesEnv | string[] {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const problems: string[] = [];
  const ports = { ...DEFAULT_PORTS };
  for (const [name, variable] of Object.entries(PORT_ENV) as [ProcessName, string][]) {
    const raw = value(variable);
    if (raw === undefined) continue;
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) problems.push(`${variable}: must be a port number (1-65535)`);
    else ports[name] = port;
  }
  const pgUrl = value('PG_URL') ?? DEFAULT_PG_URL;
  if (!/^postgres(ql)?:\/\//.test(pgUrl)) problems.push('PG_URL: must start with postgres:// or postgresql://');
  const redisUrl = value('REDIS_URL') ?? DEFAULT_REDIS_URL;
  if (!/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL: must start with redis:// or rediss://');
  const internalToken = value('INTERNAL_TOKEN');
  if (internalToken !== undefined && internalToken.length < 16) problems.push('INTERNAL_TOKEN: must be at least 16 characters');
  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}`);
  if (problems.length > 0) return problems;
  return {
    pgUrl,
    redisUrl,
    ports,
    host: value('HOST') ?? 'localhost',
    internalToken,
    logLevel,
    webDist: path.resolve(value('WEB_DIST') ?? path.resolve(__dirname, '../../web/dist')),
  };
}

async function main(): Promise<void> {
  const env = parseServicesEnv(process.env);
  if (Array.isArray(env)) {
    console.error(`Invalid configuration:\n${env.join('\n')}`);
    process.exit(1);
  }
  // The port variables are the supervisor's business, not the children's.
  const childEnv = { ...process.env };
  for (const variable of Object.values(PORT_ENV)) delete childEnv[variable];
  const supervisor = await startSupervisor({
    pgUrl: env.pgUrl,
    redisUrl: env.redisUrl,
    ports: env.ports,
    host: env.host,
    internalToken: env.internalToken,
    logLevel: env.logLevel,
    webDist: env.webDist,
    env: childEnv,
  });
  closeWithGrace({ delay: 30_000 }, async ({ err, signal }) => {
    if (err) console.error(err);
    else if (signal) console.log(`Formloom is stopping (${signal})`);
    await supervisor.stop();
  });
  console.log(`Formloom (one node) is running at http://localhost:${env.ports.gateway}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
