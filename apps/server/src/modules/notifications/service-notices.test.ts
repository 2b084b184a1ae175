import { describe, expect, it } from 'vitest';
import type { ServiceNoticeRow } from './notifications.repository.ts';
import { serviceMail, serviceMessage } from './service-notices.ts';

const row: ServiceNoticeRow = {
  id: 4,
  ticketId: 12,
  businessId: 2,
  requesterId: 9,
  requesterName: 'Sergio Rossi',
  machineName: 'Prusa linea 1',
  reason: 'Z axis noise',
  hours: 4,
  comment: null,
  ticketAuthorId: 3,
};

describe("service sessions' notices", () => {
  it('ask the business in its language, naming who, which machine, why and for how long', () => {
    expect(serviceMessage('serviceRequested', row, 'it')).toEqual({
      title: 'Richiesta di assistenza remota',
      body: 'Sergio Rossi chiede il controllo remoto di Prusa linea 1 per 4 h.\nMotivo: Z axis noise',
      url: '/it/tickets/12',
      tag: 'service-4',
      kind: 'serviceRequested',
      ticketId: 12,
    });
    expect(serviceMessage('serviceRequested', row, 'en').body).toBe(
      'Sergio Rossi asks for remote control of Prusa linea 1 for 4 h.\nReason: Z axis noise',
    );
  });

  it('tell the requester the decision with its comment, and name what is gone', () => {
    const rejected = { ...row, comment: 'Not today', machineName: null, ticketId: null };
    const message = serviceMessage('serviceRejected', rejected, 'en');
    expect(message.body).toBe(
      'The request for remote control of the machine was rejected.\nComment: Not today',
    );
    expect(message.url).toBe('/en');
    expect(message).not.toHaveProperty('ticketId');
  });

  it('mail the same text with a greeting and a link on the public address', () => {
    const mail = serviceMail('serviceAccepted', row, 'it', {
      to: 'sergio@example.test',
      name: 'Sergio',
      publicUrl: 'https://portal.example.test',
    });
    expect(mail).toEqual({
      to: 'sergio@example.test',
      subject: 'Sessione di assistenza accettata',
      text: 'Ciao Sergio,\n\nPuoi controllare Prusa linea 1 da remoto per 4 h.\n\nhttps://portal.example.test/it/tickets/12',
    });
  });
});
