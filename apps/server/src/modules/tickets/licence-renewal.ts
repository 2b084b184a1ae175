import { type Language, licenseEnd, licenseStateOf } from '@portal/contract';

/** What a licence renewal ticket says about the machine: its names and its licence (null when it has none). */
export interface RenewalFacts {
  machineName: string;
  location: string;
  controllerName: string;
  license: { id: number; activation: number | null; expiry: number } | null;
}

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The licence's standing in words, per language. */
function standing(language: Language, license: RenewalFacts['license'], now: number): string {
  const it = language === 'it';
  if (!license) return it ? 'La macchina non ha una licenza.' : 'The machine has no licence.';
  const end = licenseEnd(license);
  const state = licenseStateOf(license, now);
  const name = it ? `Licenza #${license.id}` : `Licence #${license.id}`;
  if (end === null) return it ? `${name}: non ancora attivata.` : `${name}: not activated yet.`;
  if (state === 'expired')
    return it ? `${name}: scaduta il ${day(end)}.` : `${name}: expired on ${day(end)}.`;
  return it ? `${name}: scade il ${day(end)}.` : `${name}: expires on ${day(end)}.`;
}

/**
 * The title of a machine's licence renewal ticket: what makes a ticket one (with its machine), in either
 * language, so an open one is found whichever language it was asked in.
 */
export const renewalTitle = (language: Language, machineName: string): string =>
  language === 'it' ? `Rinnovo licenza: ${machineName}` : `Licence renewal: ${machineName}`;

/** The ticket the server writes when someone asks for a machine's licence to be renewed. */
export function renewalTicket(
  language: Language,
  facts: RenewalFacts,
  now: number,
): { title: string; content: string } {
  const it = language === 'it';
  const place = facts.location ? ` (${facts.location})` : '';
  const lines = [
    it
      ? `Chiedo il rinnovo della licenza di ${facts.machineName}${place}.`
      : `Please renew the licence of ${facts.machineName}${place}.`,
    standing(language, facts.license, now),
    it ? `Computer controller: ${facts.controllerName}.` : `Computer controller: ${facts.controllerName}.`,
  ];
  return { title: renewalTitle(language, facts.machineName), content: lines.join('\n') };
}
