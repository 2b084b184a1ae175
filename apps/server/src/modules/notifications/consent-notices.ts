import type { Language } from '@portal/contract';
import type { Mailer, OutgoingMail } from '../../shared/mailer.ts';
import type { ConsentChange } from '../service-sessions/service-sessions.module.ts';
import type { ConsentNotice, NotificationsRepository } from './notifications.repository.ts';

/** What a consent mail names: the business, who changed the setting, and to what. */
export interface ConsentFacts {
  businessId: number;
  businessName: string;
  actorName: string | null;
  required: boolean;
}

interface ConsentTexts {
  subject: (required: boolean) => string;
  lines: (facts: ConsentFacts) => string[];
  greeting: (name: string) => string;
}

const TEXTS: Record<Language, ConsentTexts> = {
  it: {
    subject: (on) => `Consenso per l’assistenza remota ${on ? 'attivato' : 'disattivato'}`,
    lines: (f) => [
      `${f.actorName || 'Un utente'} ha ${f.required ? 'attivato' : 'disattivato'} il consenso per l’assistenza remota di ${f.businessName}.`,
      f.required
        ? 'Il personale dell’operatore controlla le vostre macchine solo in una sessione di assistenza che avete accettato.'
        : 'Il personale dell’operatore può controllare le vostre macchine senza chiedervelo.',
      'Se non riconoscete questa modifica, controllate gli utenti della vostra azienda.',
    ],
    greeting: (name) => `Ciao ${name},`,
  },
  en: {
    subject: (on) => `Consent for remote service turned ${on ? 'on' : 'off'}`,
    lines: (f) => [
      `${f.actorName || 'A user'} turned ${f.required ? 'on' : 'off'} consent for remote service of ${f.businessName}.`,
      f.required
        ? "The operator's staff control your machines only in a service session you accepted."
        : "The operator's staff may control your machines without asking you.",
      'If you do not recognise this change, check the users of your business.',
    ],
    greeting: (name) => `Hello ${name},`,
  },
};

export function consentMail(
  facts: ConsentFacts,
  language: Language,
  { to, name, publicUrl }: { to: string; name: string; publicUrl: string },
): OutgoingMail {
  const text = TEXTS[language];
  const link = new URL(`/${language}/business/${facts.businessId}`, publicUrl).toString();
  return {
    to,
    subject: text.subject(facts.required),
    text: [text.greeting(name), '', ...text.lines(facts), '', link].join('\n'),
  };
}

export interface ConsentNoticesDeps {
  repository: Pick<NotificationsRepository, 'consentNotice' | 'languagesOf'>;
  mailer: Mailer;
  /** The portal's public address, the base of the mails' links. */
  publicUrl: string;
}

/**
 * Tells every manager of the business by mail, in their language, that its consent setting changed and who
 * changed it (docs/design.md §11), the one who did included: an account that should not have changed it is
 * noticed by the others. Sent whatever their notification preferences.
 */
export async function sendConsentNotices(deps: ConsentNoticesDeps, change: ConsentChange): Promise<void> {
  const notice: ConsentNotice | undefined = await deps.repository.consentNotice(
    change.businessId,
    change.actorId,
  );
  if (!notice || notice.managers.length === 0) return;
  const facts: ConsentFacts = {
    businessId: change.businessId,
    businessName: notice.businessName,
    actorName: notice.actorName,
    required: change.required,
  };
  const languages = await deps.repository.languagesOf(notice.managers.map((manager) => manager.id));
  await Promise.all(
    notice.managers.map((manager) =>
      deps.mailer.send(
        consentMail(facts, languages.get(manager.id) ?? 'it', {
          to: manager.email,
          name: manager.name,
          publicUrl: deps.publicUrl,
        }),
      ),
    ),
  );
}
