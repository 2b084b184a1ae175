import type { Ticket, TicketAnswer, TicketListItem } from '@portal/contract';
import type { TicketAnswerRow, TicketRow } from './tickets.repository.ts';

export const toTicketResponse = (row: TicketRow): Ticket => ({
  id: row.id,
  title: row.title,
  content: row.content,
  author: row.authorId,
  datetime: row.createdAt.toISOString(),
  is_open: row.isOpen,
  machine: row.machineGroupId,
  machineName: row.machineName,
  machineLocation: row.machineLocation,
});

export const toTicketListItem = (row: TicketRow): TicketListItem => ({
  id: row.id,
  is_open: row.isOpen,
  title: row.title,
  machine: row.machineGroupId,
  machineName: row.machineName,
  machineLocation: row.machineLocation,
});

export const toTicketAnswerResponse = (row: TicketAnswerRow): TicketAnswer => ({
  id: row.id,
  content: row.content,
  author: row.authorId,
  datetime: row.createdAt.toISOString(),
});
