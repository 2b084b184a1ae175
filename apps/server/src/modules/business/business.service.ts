import { type Business, DEFAULT_OPERATOR_BUSINESS, type OperatorBusiness } from '@portal/contract';
import { notFound } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { toBusinessResponse, toOperatorResponse } from './business.mapper.ts';
import { canSeeBusiness } from './business.policy.ts';
import type { BusinessRepository } from './business.repository.ts';

export class BusinessService {
  readonly #businesses: BusinessRepository;

  constructor(businesses: BusinessRepository) {
    this.#businesses = businesses;
  }

  /**
   * The operator's record for the footer. Until an administrator has given the operator business its
   * contact details (a production start creates it with a name only), the built-in record stands in:
   * it is never written to the database.
   */
  async getOperator(): Promise<OperatorBusiness> {
    const operator = await this.#businesses.findOperator();
    return operator?.email ? toOperatorResponse(operator) : DEFAULT_OPERATOR_BUSINESS;
  }

  /** Administrators see every business, everyone else only their own; others answer 404. */
  async getBusiness(viewer: SessionSubject, id: number): Promise<Business> {
    const row = canSeeBusiness(viewer, id) ? await this.#businesses.findById(id) : undefined;
    if (!row) throw notFound('Business');
    return toBusinessResponse(row);
  }
}
