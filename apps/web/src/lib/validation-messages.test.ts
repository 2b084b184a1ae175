import { VALIDATION_CODES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import it_ from '../locales/it.json';
import { validationKey } from './form-errors';

describe('validation messages', () => {
  it('exist in both catalogs for every validation code of the contract', () => {
    for (const catalog of [it_.validation, en.validation]) {
      for (const code of VALIDATION_CODES) expect(catalog, code).toHaveProperty(code);
    }
  });

  it('ask for a choice left empty (an id select gives undefined) rather than calling it the wrong type', () => {
    expect(validationKey({ code: 'invalid_type', input: undefined })).toBe('validation.required');
  });

  it('call a value outside a fixed set of choices an invalid choice', () => {
    expect(validationKey({ code: 'invalid_union', input: 7 })).toBe('validation.invalidChoice');
  });
});
