import { z } from 'zod';

// The login answers, apart from the object model's (answers.ts): the web app's file browser reads rr_connect's
// too, and a module of its own keeps the others' schemas out of its bundle.

/**
 * `rr_connect`'s answer as a login reads it (docs/duet-http.md §1.3, §2.3): `err` (`RR_CONNECT_ERR`), the session
 * key RRF 3.5+ gives for `sessionKey=yes` (a number, 0 when not asked for), and DSF's `isEmulated`; the fields are
 * listed in the order RRF writes them, and those not listed are kept as they came.
 */
export const rrConnectAnswerSchema = z.looseObject({
  err: z.number().optional(),
  sessionTimeout: z.number().optional(),
  boardType: z.string().optional(),
  apiLevel: z.number().optional(),
  sessionKey: z.number().optional(),
  isEmulated: z.boolean().optional(),
});
export type RrConnectAnswer = z.infer<typeof rrConnectAnswerSchema>;

/** DSF's `GET /machine/connect` (docs/duet-http.md §2.1): the session key, a string of hexadecimal digits. */
export const dsfConnectAnswerSchema = z.looseObject({ sessionKey: z.string() });
