import type { Language } from '@portal/contract';
import type { OutgoingMail } from '../../shared/mailer.ts';

/** The mail's texts, in each language of the portal; `{name}` and `{link}` are filled in. */
const TEXTS: Record<Language, { subject: string; body: string }> = {
  it: {
    subject: 'Recupero della password',
    body: [
      'Ciao {name},',
      '',
      'abbiamo ricevuto una richiesta di recupero della password del tuo account sul portale.',
      "Per sceglierne una nuova apri questo link entro un'ora:",
      '',
      '{link}',
      '',
      'Il link funziona una sola volta. Se non hai chiesto tu il recupero, ignora questa mail:',
      'la tua password resta quella di prima.',
    ].join('\n'),
  },
  en: {
    subject: 'Password recovery',
    body: [
      'Hello {name},',
      '',
      'we received a request to recover the password of your account on the portal.',
      'To choose a new one, open this link within one hour:',
      '',
      '{link}',
      '',
      'The link works only once. If you did not ask for it, ignore this mail:',
      'your password stays as it was.',
    ].join('\n'),
  },
};

/** The page that sets the new password: `{publicUrl}/{lang}/password/recover/change?token=…&email=…`. */
export function recoveryLink(publicUrl: string, language: Language, token: string, email: string): string {
  const url = new URL(`/${language}/password/recover/change`, publicUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}

/** The recovery mail to `to`, in `language`. */
export function recoveryMail(
  language: Language,
  { to, name, link }: { to: string; name: string; link: string },
): OutgoingMail {
  const texts = TEXTS[language];
  return {
    to,
    subject: texts.subject,
    // Functions, so that a `$` in a name is never read as a replacement pattern.
    text: texts.body.replace('{name}', () => name).replace('{link}', () => link),
  };
}
