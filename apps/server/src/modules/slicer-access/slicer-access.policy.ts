import { type Actor, type ApiTokenLevel, type ApiTokenRequest, can } from '@portal/contract';

/** The level a token request asks for. */
export const levelOf = (request: ApiTokenRequest): ApiTokenLevel =>
  request.full_control ? 'full_control' : 'upload';

/** docs/product.md §6: the full-control level is for administrators only, at creation and at every use. */
export const mayHoldLevel = (actor: Actor, level: ApiTokenLevel): boolean =>
  level === 'upload' || can(actor.role, 'fullControlToken');
