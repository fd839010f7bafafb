/**
 * A tiny DNS server on 127.0.0.1 (UDP) for tests: it answers TXT questions (RFC 1035 §3.3.14, §4) from a table the
 * test changes as it goes — the way a domain's owner adds a record at their DNS provider — and NXDOMAIN for names it
 * does not hold. Point a `node:dns` `Resolver` at `server.address` (`setServers`). Only what a verification lookup
 * asks is spoken: one question, class IN, type TXT (others get an empty answer); no EDNS, no TCP.
 */
import { createSocket, type RemoteInfo } from 'node:dgram';

/** A running test DNS server. */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for `Resolver.setServers`. */
  address: string;
  /** The TXT records by name (lower-case, no trailing dot): each string one TXT record. */
  txt: Map<string, string[]>;
  close(): Promise<void>;
}

const TYPE_TXT = 16;
const CLASS_IN = 1;

/** The question of a query: its name (lower-case), type and where it ends in `message`. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } | undefined {
  let offset = 12;
  const labels: string[] = [];
  while (offset < message.length) {
    const length = message[offset]!;
    if (length === 0) break;
    if (length > 63) return undefined; // compression is not expected in a question
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  if (offset + 5 > message.length) return undefined;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(offset + 1), end: offset + 5 };
}

/** The answer to `query`: its id and question echoed, the TXT records of the name, or NXDOMAIN. */
function answerTo(query: Buffer, txt: Map<string, string[]>): Buffer | undefined {
  if (query.length < 12) return undefined;
  const question = readQuestion(query);
  if (!question) return undefined;
  const records = txt.get(question.name);
  const answers = question.type === TYPE_TXT && records ? records : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // id
  // QR, opcode 0, AA, RD copied; RA; rcode 3 (NXDOMAIN) when the name is unknown.
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (records ? 0 : 3), 2);
  header.writeUInt16BE(1, 4); // one question
  header.writeUInt16BE(answers.length, 6);
  const parts = [header, query.subarray(12, question.end)];
  for (const text of answers) {
    const data = Buffer.from(text, 'utf8');
    const rdata = Buffer.concat([Buffer.from([data.length]), data]);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(TYPE_TXT, 2);
    record.writeUInt16BE(CLASS_IN, 4);
    record.writeUInt32BE(60, 6); // TTL (s)
    record.writeUInt16BE(rdata.length, 10);
    parts.push(record, rdata);
  }
  return Buffer.concat(parts);
}

/** Starts the server on a free UDP port of 127.0.0.1. */
export async function startDnsServer(): Promise<TestDnsServer> {
  const socket = createSocket('udp4');
  const txt = new Map<string, string[]>();
  socket.on('message', (query: Buffer, from: RemoteInfo) => {
    const answer = answerTo(query, txt);
    if (answer) socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    txt,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
