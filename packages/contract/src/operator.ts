import type { OperatorBusiness } from './business.ts';

/** The built-in operator record used until the operator business is configured (docs/design.md §3). */
export const DEFAULT_OPERATOR_BUSINESS: OperatorBusiness = {
  name: 'Machine Support Portal S.r.l.',
  street: 'Via dell’Industria 1',
  cap: 30010,
  city: 'Campagna Lupia',
  province: 'VE',
  country: 'Italia',
  email: 'support@portal.test',
  phone: '+39 041 000 0000',
  logo: null,
};
