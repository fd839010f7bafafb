/**
 * A tiny SMTP server on 127.0.0.1 for tests (RFC 5321 subset: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT;
 * no TLS, no AUTH). It records every accepted message and refuses recipients whose address contains
 * `reject` (550) — or those `options.refuse` names — so both the success and the failure path of the SMTP mailer
 * can be exercised.
 */
import { createServer, type Socket } from 'node:net';

/** A message the server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The DATA section (headers and body), dot-unstuffed, CRLF line ends. */
  data: string;
}

/** A running test SMTP server. */
export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** Options of {@link startSmtpServer}. */
export interface TestSmtpServerOptions {
  /** Called with each accepted message (e.g. to write it where another process can read it). */
  onMessage?: (mail: ReceivedMail) => void;
  /**
   * Whether to refuse a recipient (550), asked at each RCPT, so a test can refuse an address first and take it
   * later (a mailbox that was full). Default: addresses containing `reject`.
   */
  refuse?: (address: string) => boolean;
}

/** Starts the server on a free port. */
export async function startSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const mail = { from, to, data: dataLines.join('\r\n') };
            received.push(mail);
            options.onMessage?.(mail);
            dataLines = [];
            reply('250 2.0.0 queued');
          } else {
            dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-localhost');
          reply('250 8BITMIME');
        } else if (verb === 'HELO' || verb === 'NOOP') {
          reply('250 localhost');
        } else if (verb === 'RSET') {
          from = '';
          to = [];
          reply('250 2.0.0 ok');
        } else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          to = [];
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
          if ((options.refuse ?? ((candidate: string) => candidate.includes('reject')))(address)) {
            reply('550 5.1.1 mailbox unavailable');
          } else {
            to.push(address);
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else {
          reply('502 5.5.2 command not implemented');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
