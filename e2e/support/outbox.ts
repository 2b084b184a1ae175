import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';

/** A mail the portal wrote into its outbox folder (no SMTP_URL), as a person reads it. */
export interface OutboxMail {
  to: string[];
  subject: string;
  text: string;
  /** The first link of the text. */
  link: URL;
}

async function readAll(dir: string): Promise<OutboxMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = await PostalMime.parse(await readFile(path.join(dir, file)));
      const text = mail.text ?? '';
      const href = /https?:\/\/\S+/.exec(text)?.[0];
      if (!href) throw new Error(`no link in ${file}:\n${text}`);
      return {
        to: (mail.to ?? []).map((address) => ('address' in address ? (address.address ?? '') : '')),
        subject: mail.subject ?? '',
        text,
        link: new URL(href),
      };
    }),
  );
}

/**
 * Waits until the outbox of `dataDir` holds a mail to `to` (the server sends after answering), with `subject` if
 * given (a person may get several mails of one step), and reads it.
 */
export async function waitForMail(
  dataDir: string,
  to: string,
  timeoutMs = 15_000,
  subject?: string,
): Promise<OutboxMail> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = (await readAll(dir)).findLast(
      (candidate) => candidate.to.includes(to) && (subject === undefined || candidate.subject === subject),
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} in ${dir} within ${timeoutMs} ms`);
}
