import type { Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the stand-in received it over SMTP: the envelope and the raw MIME. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  messageId: string;
}

/**
 * A mail server for tests that speaks real SMTP (the `smtp-server` package, by the nodemailer
 * authors; RFC 5321), on a port that stays the same while it is down and back:
 * - `accepting`: greets (220), takes the envelope and answers 250 to DATA (RFC 5321 §4.2, §3.3);
 * - `silent`: takes the TCP connection and never greets, as a mail server that hangs does
 *   (onConnect's callback is never called, so no 220 is written: smtp-server README, "onConnect");
 * - `down()`: not listening at all (connection refused), `up()` listens again on the same port.
 */
export class SmtpStandIn {
  readonly received: ReceivedMail[] = [];
  mode: 'accepting' | 'silent' = 'accepting';
  port = 0;
  private server?: SMTPServer;
  private readonly sockets = new Set<Socket>();

  async up(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // Closing does not wait for a hung client's connection (smtp-server README, "closeTimeout").
      closeTimeout: 50,
      onConnect: (_session, callback) => {
        if (this.mode === 'accepting') callback();
        // silent: no callback, no greeting, the client waits.
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '',
          });
          callback(); // 250 OK: the message is accepted (RFC 5321 §4.2.1)
        });
      },
    });
    server.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  /** Stops listening and drops every open connection (a client mid-conversation sees it reset). */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
