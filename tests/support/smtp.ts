import { type AddressInfo, createServer } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as the SMTP server received it: the envelope, and the parsed message. */
export interface Received {
  envelopeTo: string[];
  mail: ParsedMail;
  raw: string;
}

/**
 * A real SMTP server on loopback (smtp-server) that keeps what it receives. It can be
 * stopped and started again on the same port, to stand for an outage.
 */
export class LoopbackSmtp {
  readonly received: Received[] = [];
  readonly port: number;
  private server: SMTPServer | undefined;
  private constructor(port: number) {
    this.port = port;
  }

  static async start(): Promise<LoopbackSmtp> {
    const smtp = new LoopbackSmtp(await freePort());
    await smtp.up();
    return smtp;
  }

  /** smtp:// with an account: the server accepts any, as a relay would the site's. */
  get url(): string {
    return `smtp://site:secret@127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(null, { user: "site" }),
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          simpleParser(raw).then(
            (mail) => {
              this.received.push({
                envelopeTo: session.envelope.rcptTo.map(({ address }) => address),
                mail,
                raw,
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits for a message to `address` (messages of earlier tests may still be arriving). */
  async waitForMessageTo(address: string, timeoutMs = 20_000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(({ envelopeTo }) => envelopeTo.includes(address));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no message to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits until `count` messages have arrived (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 20_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`expected ${count} messages, received ${this.received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.received;
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The first link to the site in a received message's text. */
export function linkIn(received: Received, pathPrefix: string): string {
  const link = received.mail.text
    ?.match(/https?:\/\/\S+/g)
    ?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in: ${received.mail.text}`);
  return link;
}
