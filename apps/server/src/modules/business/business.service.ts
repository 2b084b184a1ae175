import {
  type Business,
  type BusinessCreateBody,
  type BusinessUpdateBody,
  DEFAULT_OPERATOR_BUSINESS,
  type OperatorBusiness,
  type Page,
} from '@portal/contract';
import { AppError, conflict, notFound } from '../../shared/app-error.ts';
import type { ChangeListeners } from '../../shared/change-listeners.ts';
import { type PageQuery, pageOf } from '../../shared/list-page.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { toBusinessResponse, toOperatorResponse } from './business.mapper.ts';
import { canManageBusinesses, canSeeBusiness, visibleBusinessesWhere } from './business.policy.ts';
import type {
  BusinessDeleting,
  BusinessDependents,
  BusinessRepository,
  BusinessRow,
  BusinessSort,
} from './business.repository.ts';

const DEPENDENT_NOUNS: Record<keyof BusinessDependents, [one: string, many: string]> = {
  users: ['user', 'users'],
  licenses: ['license', 'licenses'],
  controllers: ['computer controller', 'computer controllers'],
  machineGroups: ['machine group', 'machine groups'],
};

/** "3 users and 1 license": what keeps a business from being deleted, in words. */
function describeDependents(dependents: BusinessDependents): string {
  const parts = (Object.keys(DEPENDENT_NOUNS) as (keyof BusinessDependents)[])
    .filter((key) => dependents[key] > 0)
    .map((key) => `${dependents[key]} ${DEPENDENT_NOUNS[key][dependents[key] === 1 ? 0 : 1]}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

export class BusinessService {
  readonly #businesses: BusinessRepository;

  readonly #businessChanged: (businessId: number) => void;

  readonly #deleting: ChangeListeners<BusinessDeleting>;

  constructor(
    businesses: BusinessRepository,
    hooks: { businessChanged: (businessId: number) => void; deleting: ChangeListeners<BusinessDeleting> },
  ) {
    this.#businesses = businesses;
    this.#businessChanged = hooks.businessChanged;
    this.#deleting = hooks.deleting;
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
    return toBusinessResponse(await this.#visible(viewer, id));
  }

  /** Administrators page through every business; everyone else gets a page holding their own. */
  async listBusinesses(viewer: SessionSubject, query: PageQuery<BusinessSort>): Promise<Page<Business>> {
    const { rows, total } = await this.#businesses.list(visibleBusinessesWhere(viewer), query);
    return pageOf(rows.map(toBusinessResponse), total, query);
  }

  async createBusiness(viewer: SessionSubject, body: BusinessCreateBody): Promise<Business> {
    if (!canManageBusinesses(viewer)) throw new AppError('FORBIDDEN');
    return toBusinessResponse(await this.#businesses.insert({ name: body.name }));
  }

  /**
   * Changes name, address or state. Suspending (`active: false`) keeps the business's users out at
   * their next call (the session check refuses them with BUSINESS_SUSPENDED, administrators excepted);
   * their sessions are not ended here, so that they learn why. The operator business runs the portal
   * and cannot be suspended.
   */
  async updateBusiness(viewer: SessionSubject, id: number, body: BusinessUpdateBody): Promise<Business> {
    const current = await this.#visible(viewer, id);
    if (!canManageBusinesses(viewer)) throw new AppError('FORBIDDEN');
    if (current.operator && body.active === false) {
      throw conflict('The operator business cannot be suspended');
    }
    const row = await this.#businesses.update(id, body);
    if (!row) throw notFound('Business');
    // Sessions checked a moment ago must meet the new state on their very next call.
    if (body.active !== undefined) this.#businessChanged(id);
    return toBusinessResponse(row);
  }

  /** Deletes a business nothing depends on; the operator business never. */
  async deleteBusiness(viewer: SessionSubject, id: number): Promise<void> {
    const current = await this.#visible(viewer, id);
    if (!canManageBusinesses(viewer)) throw new AppError('FORBIDDEN');
    if (current.operator) throw conflict('The operator business cannot be deleted');
    const result = await this.#businesses.deleteUnreferenced(id, (deleting) =>
      this.#deleting.publish(deleting),
    );
    if (result.outcome === 'missing') throw notFound('Business');
    if (result.outcome === 'referenced') {
      const what = result.dependents ? describeDependents(result.dependents) : 'records that refer to it';
      throw conflict(`The business cannot be deleted while it has ${what}; delete or move them first`);
    }
  }

  async #visible(viewer: SessionSubject, id: number): Promise<BusinessRow> {
    const row = canSeeBusiness(viewer, id) ? await this.#businesses.findById(id) : undefined;
    if (!row) throw notFound('Business');
    return row;
  }
}
