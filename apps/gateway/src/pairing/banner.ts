import type { PairingIssued } from '@portal/tunnel';

/** The code as the installer reads it on the console, with where to enter it and until when. */
export function pairingBanner({ code, expiresAt }: PairingIssued, now: Date = new Date()): string {
  const minutes = Math.max(1, Math.round((new Date(expiresAt).getTime() - now.getTime()) / 60_000));
  const rule = '─'.repeat(52);
  return [
    rule,
    `  Pairing code:  ${code}`,
    '',
    "  Enter it on the computer controller's page in the portal",
    `  ("Pair a gateway"). It expires in ${minutes} minutes; a new one follows.`,
    rule,
  ].join('\n');
}
