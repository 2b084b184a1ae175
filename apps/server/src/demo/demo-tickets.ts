import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { machineGroups } from '../db/schema.ts';
import type { TicketsRepository } from '../modules/tickets/tickets.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A thread: who opened it about which demo group, how long ago, and who answered what, in order. */
interface DemoTicket {
  group: string;
  author: string;
  title: string;
  content: string;
  hoursAgo: number;
  open: boolean;
  answers: readonly { author: string; content: string; hoursAgo: number }[];
}

/** Tickets of both businesses, open and closed, so the lists, counts and threads show real data. */
export const DEMO_TICKETS: readonly DemoTicket[] = [
  {
    group: 'Prusa linea 1',
    author: 'customer@demo.test',
    title: 'Prima stampa che si stacca dal piatto',
    content:
      'Da ieri i pezzi in PETG si staccano dal piatto dopo pochi strati. Abbiamo già pulito il piatto.',
    hoursAgo: 50,
    open: true,
    answers: [
      {
        author: 'tech@demo.test',
        content:
          'Potete controllare la temperatura del piatto durante il primo strato? Dovrebbe essere 80 °C.',
        hoursAgo: 46,
      },
      { author: 'customer@demo.test', content: 'Il piatto arriva solo a 72 °C.', hoursAgo: 30 },
    ],
  },
  {
    group: 'Prusa linea 2',
    author: 'customer@demo.test',
    title: 'Richiesta aggiornamento firmware',
    content: 'Vorremmo passare alla versione 3.6 del firmware: quando possiamo programmare l’intervento?',
    hoursAgo: 200,
    open: false,
    answers: [
      {
        author: 'admin@demo.test',
        content: 'Aggiornamento eseguito da remoto questa mattina. Chiudiamo il ticket.',
        hoursAgo: 150,
      },
    ],
  },
  {
    group: 'Voron prototipi',
    author: 'tech@demo.test',
    title: 'Licenza scaduta',
    content: 'Il pannello di controllo della Voron non è più disponibile: la licenza risulta scaduta.',
    hoursAgo: 20,
    open: true,
    answers: [],
  },
  {
    group: 'RatRig produzione',
    author: 'customer2@demo.test',
    title: 'Rumore dall’asse Z',
    content: 'Durante i movimenti rapidi l’asse Z fa un rumore metallico.',
    hoursAgo: 10,
    open: true,
    answers: [{ author: 'admin@demo.test', content: 'Vi mandiamo un tecnico giovedì mattina.', hoursAgo: 8 }],
  },
];

export interface DemoTicketDeps {
  db: Database;
  now: Date;
  tickets: TicketsRepository;
  userId: (email: string) => number;
}

/** Writes the demo tickets through the tickets module's repository. */
export async function seedDemoTickets({ db, now, tickets, userId }: DemoTicketDeps): Promise<void> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  for (const ticket of DEMO_TICKETS) {
    const [group] = await db.select().from(machineGroups).where(eq(machineGroups.name, ticket.group));
    if (!group) throw new Error(`no demo machine group ${ticket.group}`);
    const id = await tickets.insert({
      title: ticket.title,
      content: ticket.content,
      authorId: userId(ticket.author),
      machineGroupId: group.id,
      businessId: group.businessId,
      isOpen: ticket.open,
      createdAt: ago(ticket.hoursAgo),
    });
    for (const answer of ticket.answers) {
      await tickets.insertAnswer({
        ticketId: id,
        authorId: userId(answer.author),
        content: answer.content,
        createdAt: ago(answer.hoursAgo),
      });
    }
  }
}
