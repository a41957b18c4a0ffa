import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Settings } from '../config.ts';

/** Which template an e-mail comes from: what the log names instead of its subject (which may hold a code). */
export type EmailKind = 'confirm-code' | 'reset-password' | 'new-account' | 'test' | 'other';

export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  html: string;
  /** The link or code the e-mail exists to deliver; logged in outbox mode so developers can follow it. */
  highlight?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /** `queueId` names the send in the log when it comes from the queue. */
  send(message: EmailMessage, context?: { queueId?: string }): Promise<void>;
  close(): void;
}

/**
 * Real SMTP when SMTP_HOST is set, else a file per e-mail in `<DATA_DIR>/outbox`. The log never names the
 * subject (a code is in it); the outbox line adds the link or code when not deployed, for a developer.
 */
export function createMailer(settings: Settings, log: FastifyBaseLogger): Mailer {
  const from = { name: settings.emailsFromName, address: settings.emailsFromEmail };
  const logged = (message: EmailMessage, context: { queueId?: string }) => ({
    kind: message.kind,
    id: context.queueId,
    to: message.to,
  });
  const { smtp } = settings;
  if (smtp) {
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.ssl,
      requireTLS: smtp.tls && !smtp.ssl,
      ignoreTLS: !smtp.tls && !smtp.ssl,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      mode: 'smtp',
      async send(message, context = {}) {
        await transport.sendMail({ from, to: message.to, subject: message.subject, html: message.html });
        log.info(logged(message, context), 'e-mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(settings.dataDir, 'outbox');
  return {
    mode: 'outbox',
    async send(message, context = {}) {
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.html`;
      const file = path.join(outbox, name);
      const header = `<!-- To: ${message.to}\n     From: ${from.name} <${from.address}>\n     Subject: ${message.subject} -->\n`;
      await writeFile(file, header + message.html);
      const link = settings.deployed ? {} : { link: message.highlight };
      log.info({ ...logged(message, context), file, ...link }, 'e-mail written to outbox');
    },
    close: () => {},
  };
}
