export const billingTable = 'the tables db/ gathers';
