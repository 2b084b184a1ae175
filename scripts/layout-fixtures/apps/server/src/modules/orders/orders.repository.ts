// server-repositories-below-services
import { service } from './orders.service.ts';

export const ordersRows = service;
