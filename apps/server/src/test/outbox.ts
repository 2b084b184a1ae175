import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';

/** A mail as a person reads it (a recovery mail, a notice): to whom, the subject, the text and the link in it. */
export interface ReadMail {
  to: string[];
  subject: string;
  text: string;
  link: URL;
  token: string;
  email: string;
}

/** Reads a raw mail (as the outbox or an SMTP server holds it) and finds the recovery link in its text. */
export async function readRecoveryMail(raw: Buffer | string): Promise<ReadMail> {
  const mail = await PostalMime.parse(raw);
  const text = mail.text ?? '';
  const href = /https?:\/\/\S+/.exec(text)?.[0];
  if (!href) throw new Error(`no link in the mail:\n${text}`);
  const link = new URL(href);
  return {
    to: (mail.to ?? []).map((address) => ('address' in address ? (address.address ?? '') : '')),
    subject: mail.subject ?? '',
    text,
    link,
    token: link.searchParams.get('token') ?? '',
    email: link.searchParams.get('email') ?? '',
  };
}

/** Every mail of an outbox folder, oldest first. */
export async function readOutbox(dir: string): Promise<ReadMail[]> {
  const files = (await readdir(dir).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => readRecoveryMail(await readFile(path.join(dir, file)))));
}
