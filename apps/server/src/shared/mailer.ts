import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** Where the portal's mail goes: an SMTP server, or without one a folder of `.eml` files. */
export interface MailSettings {
  /** The sender, e.g. `Portal <no-reply@example.com>`. */
  from: string;
  /** `smtp://` or `smtps://` URL (credentials included); undefined writes every mail into `outboxDir`. */
  smtpUrl: string | undefined;
  outboxDir: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same text as HTML, when the mail shows a picture inline (a machine's webcam frame). */
  html?: string;
  /** Files sent along; `cid` names one the HTML shows inline. */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
}

export interface SentMail {
  messageId: string;
  /** The `.eml` file written, when the mail went to the outbox folder. */
  file?: string;
}

/** Sends the portal's mails (password recovery today); one instance for the whole app. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

/** A file name that sorts by time and never collides: `2026-11-21T09-00-00-000Z-1a2b3c4d.eml`. */
const outboxName = (now: Date) =>
  `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;

/**
 * Through nodemailer: SMTP when `smtpUrl` is set, otherwise nodemailer renders the message and it is written
 * as one `.eml` file per mail into the outbox folder, so a portal without a mail server still delivers
 * (readable with any mail program). A file appears whole: it is written under a temporary name first.
 */
export function createMailer(settings: MailSettings): Mailer {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport(settings.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: settings.from, ...mail });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: settings.from, ...mail });
      await mkdir(settings.outboxDir, { recursive: true });
      const file = path.join(settings.outboxDir, outboxName(new Date()));
      await writeFile(`${file}.part`, info.message);
      await rename(`${file}.part`, file);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
