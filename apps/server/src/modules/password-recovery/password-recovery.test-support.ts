/** The recovery tests read their mails with the shared outbox reader. */
export { type ReadMail, readOutbox, readRecoveryMail } from '../../test/outbox.ts';
