/**
 * Jest global setup of the web component tests (`jest.config.js`, project 'web'): the whole product in one
 * process (`startEmbedded`: workspaces-auth, flows, workflows-engine and the gateway, each on its own PGlite
 * database in a temporary directory), so the components talk to the real API — our services are never mocked.
 * Its URL reaches the test files as `FORMLOOM_WEB_TEST_API_URL` (`setup.ts` sends the app's requests there);
 * workspaces-auth's internal URL and the internal token as `FORMLOOM_WEB_TEST_AUTH_URL` and
 * `FORMLOOM_WEB_TEST_INTERNAL_TOKEN` (only for making users inside an organization, `render-app.tsx`).
 * Public submissions pass the bot challenge an operator can configure, against a local fake of the provider
 * (`challenge-provider.ts`), and its mail goes through a local SMTP server into a mailbox directory the tests read
 * (`mailbox.ts`).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { startSmtpServer, type TestSmtpServer } from '@formloom/kit/testing-smtp';
import { startDnsServer, type TestDnsServer } from '@formloom/kit/testing-dns';
import { startEmbedded } from '@formloom/scripts/embedded';
import { startFakeAirtable, type FakeAirtable } from '@formloom/integrations/testing/fake-airtable';
import { notionBot, startFakeNotion, type FakeNotion } from '@formloom/integrations/testing/fake-notion';
import { startFakeSlack, type FakeSlack } from '@formloom/integrations/testing/fake-slack';
import { challengeEnv, startFakeSiteverify } from './challenge-provider';
import { MAILBOX_ENV } from './mailbox';
import { PROVIDERS_ENV, WEB_TEST_AIRTABLE_TOKEN, WEB_TEST_NOTION_TOKEN } from './providers';

/** The running product and its data directory, kept for `global-teardown.ts`. */
export interface WebTestProduct {
  product: Awaited<ReturnType<typeof startEmbedded>>;
  dataDir: string;
  /** The fake challenge provider. */
  siteverify: Server;
  /** The SMTP server the product sends through (`mailbox.ts`). */
  smtp: TestSmtpServer;
  /** The DNS server the product checks organizations' own domains with (it holds no records). */
  dns: TestDnsServer;
  /** The fake providers the integrations service calls (`providers.ts`). */
  airtable: FakeAirtable;
  notion: FakeNotion;
  slack: FakeSlack;
}

/** Starts the product on a free port and publishes its URL to the test workers. */
export default async function globalSetup(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-web-test-'));
  const siteverify = await startFakeSiteverify();
  const mailbox = await mkdtemp(path.join(os.tmpdir(), 'formloom-web-test-mail-'));
  let messages = 0;
  const smtp = await startSmtpServer({
    onMessage: (mail) => {
      messages += 1;
      writeFileSync(path.join(mailbox, `${String(messages).padStart(6, '0')}.json`), JSON.stringify(mail));
    },
  });
  process.env[MAILBOX_ENV] = mailbox;
  const dns = await startDnsServer();
  const [airtable, notion, slack] = await Promise.all([startFakeAirtable(), startFakeNotion(), startFakeSlack()]);
  airtable.addToken(WEB_TEST_AIRTABLE_TOKEN, { id: 'usrWebTest', email: 'ada@example.com', scopes: ['data.records:read', 'data.records:write', 'schema.bases:read'] });
  notion.addToken(WEB_TEST_NOTION_TOKEN, notionBot('Formloom forms', 'Acme HQ'));
  process.env[PROVIDERS_ENV.airtable] = airtable.url;
  process.env[PROVIDERS_ENV.notion] = notion.url;
  process.env[PROVIDERS_ENV.slack] = slack.url;
  const product = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    // The tests' fetch plays one reverse proxy in front of it, naming each test's visitor (`setup.ts`).
    trustProxy: 1,
    env: {
      ...process.env,
      ...challengeEnv(siteverify.url),
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://formloom.test',
      // The menus' 'Help center' (`features/auth/organizations.test.tsx`).
      HELP_CENTER_URL: 'https://help.formloom.test/',
      // Own domains' checks ask a DNS server of the tests' (`features/settings/custom-domains.test.tsx`), never the network.
      DNS_SERVERS: dns.address,
      // The webhook panel's tests send to a receiver on this machine, addressed by its host name
      // (`features/workflows/webhook-panel.test.tsx`): let that name through the outbound guard.
      WEBHOOK_ALLOWED_HOSTS: os.hostname(),
      // Connected accounts are checked with fake providers (`providers.ts`), never the real ones.
      PROVIDER_API_URLS: `airtable=${airtable.url},notion=${notion.url},slack=${slack.url}`,
      // Slack accounts connect through the fake's OAuth flow (`providers.ts` `connectSlack`).
      OAUTH_CLIENTS: `slack=${slack.client.id}:${slack.client.secret}`,
    },
  });
  // The test workers' connections are closed by the workers, never by the product: a worker keeps an idle connection
  // for as long as the product's keep-alive hint allows (less one second) and then closes it, but its timers run
  // late when its event loop is busy (a suite compiling, PGlite in the same worker), and a request written just as
  // the product closed the connection fails with 'fetch failed: other side closed'. Without a keep-alive timeout
  // the product sends no hint and keeps idle connections open; the worker's client closes them after its own
  // 4 seconds. Only this test product: a deployed gateway keeps its timeout (clients there are not ours).
  const workspacesAuth = product.services['workspaces-auth'];
  for (const server of [product.gateway.server, workspacesAuth.service.app.server]) server.keepAliveTimeout = 0;
  process.env.FORMLOOM_WEB_TEST_API_URL = product.url;
  // A user inside an existing organization (a member who is not an admin) has no public way in yet (invitations
  // have no UI): tests make one through workspaces-auth's internal route, as seeds do (`render-app.tsx`
  // `signInOrganizationMember`), so they get its URL and the product's internal token.
  process.env.FORMLOOM_WEB_TEST_AUTH_URL = workspacesAuth.url;
  process.env.FORMLOOM_WEB_TEST_INTERNAL_TOKEN = workspacesAuth.service.ctx.config.INTERNAL_TOKEN ?? '';
  (globalThis as { formloomWebTest?: WebTestProduct }).formloomWebTest = { product, dataDir, siteverify: siteverify.server, smtp, dns, airtable, notion, slack };
}
