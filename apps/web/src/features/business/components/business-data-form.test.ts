import { type Business, validationCodeOf } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type BusinessDataInput, businessDataSchema, businessDataValues } from './business-data-form';

const business: Business = {
  id: 7,
  name: 'Officine Adriatiche S.p.A.',
  street: 'Via del Porto 3',
  cap: 610,
  city: 'Ancona',
  province: 'AN',
  country: 'Italia',
  email: 'info@adriatiche.test',
  phone: '+39 071 000 000',
  logo: null,
  active: true,
};

function codesFor(values: Partial<BusinessDataInput>): Record<string, string> {
  const result = businessDataSchema.safeParse(
    { ...businessDataValues(business), ...values },
    { reportInput: true },
  );
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), validationCodeOf(issue)]),
  );
}

describe('the business data form', () => {
  it('shows the postal code padded to five digits', () => {
    expect(businessDataValues(business).cap).toBe('00610');
  });

  it('sends the padded postal code back as its number', () => {
    expect(businessDataSchema.parse(businessDataValues(business))).toMatchObject({
      cap: 610,
      name: business.name,
    });
  });

  it('lets the email stay empty but not malformed', () => {
    expect(codesFor({ email: '' })).toEqual({});
    expect(codesFor({ email: 'info@' })).toEqual({ email: 'email' });
  });

  it('wants a postal code of digits from 0 to 99999', () => {
    expect(codesFor({ cap: '' })).toEqual({ cap: 'required' });
    expect(codesFor({ cap: '30O10' })).toEqual({ cap: 'invalidFormat' });
    expect(codesFor({ cap: '100000' })).toEqual({ cap: 'tooLarge' });
  });

  it('keeps the contract bounds of the name', () => {
    expect(codesFor({ name: '  ' })).toEqual({ name: 'required' });
    expect(codesFor({ name: 'x'.repeat(201) })).toEqual({ name: 'tooLong' });
  });
});
