import { tickets } from '../features/tickets/api/tickets.ts';

export const router = ['app/ composes the features', tickets];
