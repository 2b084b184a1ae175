export const billingRows = 'internal to billing';
