import { orders } from '../orders/orders.module.ts';

// module cycle: billing -> orders while orders -> billing, though no file imports itself back
export const listening = orders;
