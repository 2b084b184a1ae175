import { CREATE_USER_MESSAGES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import it_ from './it.json';

describe('the users texts of the catalogs', () => {
  it('keep the English texts of docs/product.md verbatim', () => {
    expect(en.users.toasts).toMatchObject({
      created: 'User created successfully',
      updated: 'User data updated successfully',
      cannotDelete: 'Cannot delete user',
      passwordsDontMatch: "Passwords don't match",
      addressAdded: 'Address added successfully',
      machineAdded: 'Machine group added successfully',
      machineRemoved: 'Machine group removed successfully',
      preferencesUpdated: 'Preferences updated successfully.',
    });
  });

  it("say the create-user checks exactly as the contract's messages", () => {
    const { checks } = en.users;
    expect(checks.invalidBusiness).toEqual(CREATE_USER_MESSAGES.invalidBusiness);
    expect(checks.invalidRole).toEqual(CREATE_USER_MESSAGES.invalidRole);
    expect(checks.invalidPassword).toEqual(CREATE_USER_MESSAGES.invalidPassword);
    expect({ header: checks.invalidPassword.header, body: checks.passwordMismatch.body }).toEqual(
      CREATE_USER_MESSAGES.passwordMismatch,
    );
  });

  it('translate them into Italian', () => {
    expect(it_.users.toasts.created).toBe('Utente creato con successo');
    expect(it_.users.toasts.preferencesUpdated).toBe('Preferenze aggiornate con successo.');
    expect(it_.users.checks.invalidBusiness.header).toBe('Azienda selezionata non valida');
  });
});
