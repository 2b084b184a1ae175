import { describe, expect, it } from 'vitest';
import { type ConsentFacts, consentMail } from './consent-notices.ts';

const facts: ConsentFacts = {
  businessId: 7,
  businessName: 'Officina Rossi',
  actorName: 'Marco Manager',
  required: true,
};
const to = { to: 'marco@example.test', name: 'Marco', publicUrl: 'https://portal.example.test' };

describe('consent change mails', () => {
  it('say in Italian who turned consent on, for which business, and link to its page', () => {
    expect(consentMail(facts, 'it', to)).toEqual({
      to: 'marco@example.test',
      subject: 'Consenso per l’assistenza remota attivato',
      text: [
        'Ciao Marco,',
        '',
        'Marco Manager ha attivato il consenso per l’assistenza remota di Officina Rossi.',
        'Il personale dell’operatore controlla le vostre macchine solo in una sessione di assistenza che avete accettato.',
        'Se non riconoscete questa modifica, controllate gli utenti della vostra azienda.',
        '',
        'https://portal.example.test/it/business/7',
      ].join('\n'),
    });
  });

  it('say it in English, off too, and name no one once the person is gone', () => {
    const mail = consentMail({ ...facts, required: false, actorName: null }, 'en', to);
    expect(mail.subject).toBe('Consent for remote service turned off');
    expect(mail.text).toContain('A user turned off consent for remote service of Officina Rossi.');
    expect(mail.text).toContain("The operator's staff may control your machines without asking you.");
    expect(mail.text.endsWith('https://portal.example.test/en/business/7')).toBe(true);
  });
});
