import { billing } from '../billing/billing.module.ts';

export const orders = billing;
