import { type Business, DEFAULT_OPERATOR_BUSINESS, type OperatorBusiness, Role } from '@portal/contract';
import { notFound } from '../../plugins/app-error.ts';
import type { SessionSubject } from '../auth/token.service.ts';
import { toBusinessResponse, toOperatorResponse } from './business.mapper.ts';
import type { BusinessRepository } from './business.repository.ts';

export class BusinessService {
  readonly #businesses: BusinessRepository;

  constructor(businesses: BusinessRepository) {
    this.#businesses = businesses;
  }

  /** The operator's record, or the built-in one until the operator business exists. */
  async getOperator(): Promise<OperatorBusiness> {
    const operator = await this.#businesses.findOperator();
    return operator ? toOperatorResponse(operator) : DEFAULT_OPERATOR_BUSINESS;
  }

  /** Administrators see every business, everyone else only their own; others answer 404. */
  async getBusiness(viewer: SessionSubject, id: number): Promise<Business> {
    const visible = viewer.role === Role.Administrator || viewer.business === id;
    const row = visible ? await this.#businesses.findById(id) : undefined;
    if (!row) throw notFound('Business');
    return toBusinessResponse(row);
  }
}
