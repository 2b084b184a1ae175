import type { License, LicenseCreateBody, LicenseUpdateBody, Page } from '@portal/contract';
import { AppError, conflict, invalidField, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { type PageQuery, pageOf } from '../../shared/list-page.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { BusinessRepository } from '../business/business.repository.ts';
import { toLicenseResponse } from './licenses.mapper.ts';
import { canManageLicenses, canSeeLicense, visibleLicensesWhere } from './licenses.policy.ts';
import type { LicenseRow, LicenseSort, LicensesRepository } from './licenses.repository.ts';

export interface LicensesServiceDeps {
  licenses: LicensesRepository;
  businesses: BusinessRepository;
  clock: Clock;
}

type ListQuery = PageQuery<LicenseSort> & { include_computer: boolean };

export class LicensesService {
  readonly #deps: LicensesServiceDeps;

  constructor(deps: LicensesServiceDeps) {
    this.#deps = deps;
  }

  /** Administrators page through every licence, everyone else through their business's. */
  async listLicenses(viewer: SessionSubject, query: ListQuery): Promise<Page<License>> {
    const { rows, total } = await this.#deps.licenses.list(visibleLicensesWhere(viewer), query);
    return pageOf(
      rows.map((row) => toLicenseResponse(row, query.include_computer)),
      total,
      query,
    );
  }

  /** The licences of one business the viewer sees; another business answers 404. */
  async listBusinessLicenses(
    viewer: SessionSubject,
    businessId: number,
    query: ListQuery,
  ): Promise<Page<License>> {
    const business = canSeeLicense(viewer, businessId)
      ? await this.#deps.businesses.findById(businessId)
      : undefined;
    if (!business) throw notFound('Business');
    const { rows, total } = await this.#deps.licenses.list(visibleLicensesWhere(viewer), query, businessId);
    return pageOf(
      rows.map((row) => toLicenseResponse(row, query.include_computer)),
      total,
      query,
    );
  }

  async getLicense(viewer: SessionSubject, id: number, includeComputer: boolean): Promise<License> {
    return toLicenseResponse(await this.#visible(viewer, id), includeComputer);
  }

  async createLicense(viewer: SessionSubject, body: LicenseCreateBody): Promise<License> {
    if (!canManageLicenses(viewer)) throw new AppError('FORBIDDEN');
    await this.#assertBusinessExists(body.business);
    return toLicenseResponse(
      await this.#deps.licenses.insert({ businessId: body.business, expiryMs: body.expiry }),
    );
  }

  /**
   * Changes term, activation and business. A licence bound to a controller stays in the controller's
   * business: moving it elsewhere is refused (409) until the controller lets it go.
   */
  async updateLicense(viewer: SessionSubject, id: number, body: LicenseUpdateBody): Promise<License> {
    const current = await this.#visible(viewer, id);
    if (!canManageLicenses(viewer)) throw new AppError('FORBIDDEN');
    await this.#assertBusinessExists(body.business);
    if (current.computerId !== null && body.business !== current.businessId) {
      throw conflict(
        `Licence #${id} is bound to computer controller "${current.computerName}" of its business; ` +
          'unbind it before moving the license to another business',
      );
    }
    const row = await this.#deps.licenses.update(id, {
      businessId: body.business,
      expiryMs: body.expiry,
      activation: body.activation === null ? null : new Date(body.activation),
    });
    if (!row) throw notFound('Licence');
    return toLicenseResponse(row);
  }

  /** Deletes a licence no controller is bound to; a bound one answers 409. */
  async deleteLicense(viewer: SessionSubject, id: number): Promise<void> {
    await this.#visible(viewer, id);
    if (!canManageLicenses(viewer)) throw new AppError('FORBIDDEN');
    const result = await this.#deps.licenses.deleteUnbound(id);
    if (result.outcome === 'missing') throw notFound('Licence');
    if (result.outcome === 'bound') {
      throw conflict(
        `Licence #${id} is bound to computer controller "${result.controller.name}"; unbind it first`,
      );
    }
  }

  /**
   * Activation binds the licence to a controller of its own business (docs/product.md §4). A
   * licence never activated starts now; one already activated keeps its start, so that moving it to a
   * replacement controller neither restarts nor lengthens its term. The controller's previous licence
   * is unbound and any other controller holding this licence lets it go.
   */
  async activateLicense(viewer: SessionSubject, id: number, computer: number): Promise<License> {
    const license = await this.#visible(viewer, id);
    if (!canManageLicenses(viewer)) throw new AppError('FORBIDDEN');
    const controller = await this.#deps.licenses.findController(computer);
    if (!controller) throw invalidField('computer', 'invalidChoice', 'Computer controller not found');
    if (controller.businessId !== license.businessId) {
      throw invalidField(
        'computer',
        'invalidChoice',
        'The computer controller must belong to the business of the license',
      );
    }
    const row = await this.#deps.licenses.activate(id, computer, this.#deps.clock());
    if (!row) throw notFound('Licence');
    return toLicenseResponse(row);
  }

  async #visible(viewer: SessionSubject, id: number): Promise<LicenseRow> {
    const row = await this.#deps.licenses.findById(id);
    if (!row || !canSeeLicense(viewer, row.businessId)) throw notFound('Licence');
    return row;
  }

  async #assertBusinessExists(id: number): Promise<void> {
    if (!(await this.#deps.businesses.findById(id))) {
      throw invalidField('business', 'invalidBusiness', 'Invalid business selected');
    }
  }
}
