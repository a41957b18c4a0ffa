import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
}

/**
 * A real SMTP server on a loopback port (a random one unless `port` is given) that keeps what it
 * receives; `delayMs` holds each message that long before accepting it, as a slow server would, and
 * `refuse` names recipients it refuses for good (550).
 */
export async function startSmtpSink(
  options: { port?: number; delayMs?: number; refuse?: (recipient: string) => boolean } = {},
) {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.refuse?.(address.address)) return callback();
      // What a server says for an address it does not have: permanent (5xx).
      callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    /** Settings that point the app's mailer at this sink. */
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_TLS: 'false', SMTP_SSL: 'false' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
