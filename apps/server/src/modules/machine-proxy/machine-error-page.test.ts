import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CatalogKey, t, tEn } from '../../../../../test-kit/catalog.ts';
import { ERROR_TEXTS, errorPagePolicy, machineErrorPage } from './machine-error-page.ts';

describe('the error page of a machine origin', () => {
  it("says what went wrong with the web app's own texts of the same codes", () => {
    for (const [code, text] of Object.entries(ERROR_TEXTS.it)) {
      expect(text, code).toBe(t(`errors.${code}` as CatalogKey));
      expect(ERROR_TEXTS.en[code as keyof typeof ERROR_TEXTS.en], code).toBe(
        tEn(`errors.${code}` as CatalogKey),
      );
    }
  });

  it('offers to try again only where waiting helps, and escapes the address it links', () => {
    const offline = machineErrorPage('BOARD_OFFLINE', 'it', '/proxy/duet/3.6/customer/7/?a="<x>"');
    expect(offline).toContain('<a href="/proxy/duet/3.6/customer/7/?a=&#34;&#60;x&#62;&#34;">Riprova</a>');
    expect(machineErrorPage('SESSION_ENDED', 'en', '/x')).not.toContain('<a ');
    expect(machineErrorPage('NOT_FOUND', 'en', '/x')).toContain('Not found.');
    // A request a board could read otherwise (docs/board-access.md §1): invalid, and no retry makes it valid.
    const refused = machineErrorPage('BAD_REQUEST', 'it', '/x');
    expect(refused).toContain('La richiesta non è valida.');
    expect(refused).not.toContain('<a ');
    // A code the page has no text of reads as an internal error, never as the code.
    expect(machineErrorPage('VALIDATION_FAILED', 'en', '/x')).toContain('An internal error has occurred.');
  });

  it("allows exactly the page's own style", () => {
    const page = machineErrorPage('GATEWAY_OFFLINE', 'en', '/x');
    const style = /<style>(.*)<\/style>/.exec(page)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(errorPagePolicy('https://portal.example.test')).toContain(`style-src 'sha256-${hash}'`);
  });
});
