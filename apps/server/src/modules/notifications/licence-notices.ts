import { type Language, LICENSE_WARNING_DAYS, type PushMessage } from '@portal/contract';
import type { OutgoingMail } from '../../shared/mailer.ts';
import { deliver, type NotificationCentreDeps } from './notification-centre.ts';
import { recipientsOf } from './notifications.policy.ts';
import type { ExpiringLicence } from './notifications.repository.ts';

const DAY_MS = 86_400_000;

const TEXTS: Record<Language, { title: (business: string) => string; body: (day: string) => string }> = {
  it: {
    title: (business) => `Licenza in scadenza: ${business}`,
    body: (day) => `La licenza scade il ${day}.`,
  },
  en: {
    title: (business) => `Licence expiring: ${business}`,
    body: (day) => `The licence expires on ${day}.`,
  },
};

const pageOf = (licence: ExpiringLicence, language: Language) =>
  `/${language}/business/${licence.businessId}#licenses`;
const dayOf = (licence: ExpiringLicence) => licence.end.toISOString().slice(0, 10);

export function licenceMessage(licence: ExpiringLicence, language: Language): PushMessage {
  return {
    title: TEXTS[language].title(licence.businessName),
    body: TEXTS[language].body(dayOf(licence)),
    url: pageOf(licence, language),
    tag: `licence-${licence.id}`,
    kind: 'licenceExpiring',
  };
}

export function licenceMail(
  licence: ExpiringLicence,
  language: Language,
  { to, name, publicUrl }: { to: string; name: string; publicUrl: string },
): OutgoingMail {
  const greeting = language === 'it' ? `Ciao ${name},` : `Hello ${name},`;
  const link = new URL(pageOf(licence, language), publicUrl).toString();
  return {
    to,
    subject: TEXTS[language].title(licence.businessName),
    text: [greeting, '', TEXTS[language].body(dayOf(licence)), '', link].join('\n'),
  };
}

/**
 * Tells each activated licence that ends within LICENSE_WARNING_DAYS to its business's managers and the operator's
 * administrators, once per licence and activation (a renewed licence is told again when it nears its new end).
 */
export async function sendLicenceNotices(
  deps: NotificationCentreDeps & { publicUrl: string },
): Promise<void> {
  const { repository, clock } = deps;
  const now = clock();
  const expiring = await repository.expiringLicences(
    now,
    new Date(now.getTime() + LICENSE_WARNING_DAYS * DAY_MS),
  );
  for (const licence of expiring) {
    const recipients = recipientsOf(await repository.licenceRecipients(licence.businessId), null);
    await deliver(deps, {
      event: 'licenceExpiring',
      key: `licenceExpiring:l${licence.id}:${licence.end.getTime()}`,
      recipients,
      licenceId: licence.id,
      businessId: licence.businessId,
      subject: licence.businessName,
      detail: dayOf(licence),
      push: (language) => licenceMessage(licence, language),
      mail: (language, to) =>
        licenceMail(licence, language, { to: to.email, name: to.name, publicUrl: deps.publicUrl }),
    });
  }
}
