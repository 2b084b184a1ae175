import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, submitLogin } from '../test-kit/browser-session.ts';
import { t } from '../test-kit/catalog.ts';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { expectAccessible } from './support/a11y.ts';
import { waitForMail } from './support/outbox.ts';
import { usePortal } from './support/suite.ts';

// No SMTP_URL: the portal writes its mails into DATA_DIR/outbox, which the test reads as the user's mailbox.
const { open, dataDir } = usePortal();

const toast = (page: Page, text: string) =>
  page.getByTestId('toast-area').getByRole('alert').filter({ hasText: text });

/** The page and query of a mailed link: the mail names the public address, the browser the test's portal. */
const pathOf = (link: URL) => link.pathname + link.search;

async function fillPasswords(page: Page, password: string, repeat = password) {
  await page.getByLabel(t('recovery.change.password'), { exact: true }).fill(password);
  await page.getByLabel(t('recovery.change.passwordConfirmation')).fill(repeat);
  await page.getByRole('button', { name: t('recovery.change.submit') }).click();
}

describe('password recovery', () => {
  it('goes from the login page to a mailed link, a new password and a login with it', async () => {
    const email = 'customer2@demo.test';
    const newPassword = 'Recuperata-2026!';
    const page = await open();
    await page.goto('/it/login');
    await page.getByRole('link', { name: t('recovery.forgotLink') }).click();
    await page.waitForURL(/\/it\/password\/recover$/);
    await page.getByRole('heading', { name: t('recovery.request.title') }).waitFor();
    await expectAccessible(page, 'the recovery request page');

    await page.getByRole('button', { name: t('recovery.request.submit'), exact: true }).click();
    const missing = toast(page, 'Compila il campo email');
    await missing.waitFor();
    expect(await missing.textContent()).toContain('Email mancante');

    await page.getByLabel(t('recovery.request.email')).fill(email);
    await page.getByRole('button', { name: t('recovery.request.submit'), exact: true }).click();
    await page.waitForURL(/\/it\/login$/);
    await toast(page, 'URL di recupero inviato con successo. Controlla la tua mail').waitFor();

    const mail = await waitForMail(dataDir(), email);
    expect(mail.subject).toBe('Recupero della password');
    // Without PUBLIC_URL the link names the local portal name, portal.localhost, on the portal's port.
    expect(mail.link.origin).toBe(`http://portal.localhost:${new URL(page.url()).port}`);
    expect(mail.link.pathname).toBe('/it/password/recover/change');
    expect(mail.link.searchParams.get('email')).toBe(email);

    await page.goto(pathOf(mail.link));
    await page.getByRole('heading', { name: t('recovery.change.title') }).waitFor();
    await expectAccessible(page, 'the new password page');
    await fillPasswords(page, newPassword, 'Diversa-2026!');
    await toast(page, 'Le password non coincidono').waitFor();

    // The client holds the password to the rule before sending.
    await fillPasswords(page, 'corta');
    await page.locator('#recovery-password.is-invalid').waitFor();
    expect(await page.locator('#recovery-password-error').textContent()).toContain(
      'Almeno 8 caratteri con una lettera maiuscola',
    );

    await fillPasswords(page, newPassword);
    await page.waitForURL(/\/it\/login$/);
    await toast(page, 'Password cambiata con successo').waitFor();

    // The old password is refused, the new one lets the user in.
    await submitLogin(page, email, DEMO_PASSWORD);
    await toast(page, 'Email o password errati.').waitFor();
    await logIn(page, email, newPassword);

    // The link is used up: opened again, it is refused with the server's reason.
    const again = await open();
    await again.goto(pathOf(mail.link));
    await fillPasswords(again, 'Ancora-Una-2026!');
    await toast(again, 'Il link di recupero della password non è valido').waitFor();
    expect(new URL(again.url()).pathname).toBe('/it/password/recover/change');
  });

  it('writes the mail in the language of the page that asked for it', async () => {
    const page = await open();
    await page.goto('/en/password/recover');
    await page.getByLabel(t('recovery.request.email')).fill('manager2@demo.test');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForURL(/\/en\/login$/);
    await toast(page, 'Recovery URL sent succesfully. Please check your mail').waitFor();
    const mail = await waitForMail(dataDir(), 'manager2@demo.test');
    expect(mail.subject).toBe('Password recovery');
    expect(mail.link.pathname).toBe('/en/password/recover/change');
  });

  it("refuses a link without token with 'Invalid password recovery request'", async () => {
    const page = await open();
    await page.goto('/it/password/recover/change?email=customer%40demo.test');
    await fillPasswords(page, 'Qualunque-2026!');
    await toast(page, 'Richiesta di recupero password non valida').waitFor();
  });
});
