import type {
  ComputerController,
  controllerCreateBodySchema,
  controllerListQuerySchema,
  controllerUpdateBodySchema,
  Page,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../shared/db-errors.ts';
import { throwIfInvalid } from '../../shared/field-errors.ts';
import type { GatewayPresence } from '../gateway/tunnel-registry.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import { toControllerResponse, toLicenseDetails } from './controllers.mapper.ts';
import { canManageControllers, visibleControllers } from './controllers.policy.ts';
import type { ControllerRow, ControllersRepository, GatewayContactRecord } from './controllers.repository.ts';
import { gatewayKeyMatches, generateGatewayKey, hashGatewayKey } from './gateway-key.ts';

type ListQuery = z.output<typeof controllerListQuerySchema>;
type CreateBody = z.output<typeof controllerCreateBodySchema>;
type UpdateBody = z.output<typeof controllerUpdateBodySchema>;

const LICENSE_TAKEN = 'This licence is bound to another computer controller';
const CONTROLLER_IN_USE = 'This computer controller serves a machine group: change its composition first';

export class ControllersService {
  readonly #controllers: ControllersRepository;
  readonly #clock: Clock;

  readonly #keyChanged: (controllerId: number) => void;
  readonly #presence: GatewayPresence;

  /**
   * `keyChanged` ends the tunnel a replaced (or deleted) key opened: the old key "stops working at once".
   * `presence` says whose gateway is connected now.
   */
  constructor(
    controllers: ControllersRepository,
    clock: Clock,
    keyChanged: (controllerId: number) => void,
    presence: GatewayPresence,
  ) {
    this.#keyChanged = keyChanged;
    this.#controllers = controllers;
    this.#clock = clock;
    this.#presence = presence;
  }

  #response(row: ControllerRow): ComputerController {
    return toControllerResponse(row, this.#presence.isOnline(row.id));
  }

  /** A gateway connected, reported or left: when, and what it reported (the last report is kept). */
  async gatewayContact(controllerId: number, contact: GatewayContactRecord): Promise<void> {
    await this.#controllers.recordGatewayContact(controllerId, this.#clock(), contact);
  }

  async list(viewer: Viewer, query: ListQuery): Promise<Page<ComputerController>> {
    const { rows, total } = await this.#controllers.list(visibleControllers(viewer), {
      ...query,
      businessId: query.business,
    });
    return {
      items: rows.map((row) => this.#response(row)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async get(viewer: Viewer, id: number, includeLicense: boolean): Promise<ComputerController> {
    const row = await this.#visible(viewer, id);
    const response = this.#response(row);
    if (!includeLicense) return response;
    const license = row.licenseId === null ? undefined : await this.#controllers.findLicense(row.licenseId);
    return { ...response, licenseDetails: license ? toLicenseDetails(license) : null };
  }

  /** Administrators only; the type and the business must exist. */
  async create(viewer: Viewer, body: CreateBody): Promise<ComputerController> {
    if (!canManageControllers(viewer)) throw new AppError('FORBIDDEN');
    const [type, business] = await Promise.all([
      this.#controllers.computerTypeExists(body.type),
      this.#controllers.businessExists(body.business),
    ]);
    throwIfInvalid([
      type ? undefined : { field: 'type', code: 'invalidChoice', message: 'Unknown computer type' },
      business ? undefined : { field: 'business', code: 'invalidBusiness', message: 'Unknown business' },
    ]);
    const row = await this.#controllers.insert({
      name: body.name,
      typeId: body.type,
      businessId: body.business,
    });
    return this.#response(row);
  }

  /**
   * Administrators: the name and the licence. The licence must be of the controller's business (another
   * business's answers like a missing one) and bound to no other controller; null unbinds it.
   */
  async update(viewer: Viewer, id: number, body: UpdateBody): Promise<ComputerController> {
    const controller = await this.#visible(viewer, id);
    if (!canManageControllers(viewer)) throw new AppError('FORBIDDEN');
    try {
      await this.#controllers.transaction(async (tx) => {
        if (body.license !== null) {
          const license = await this.#controllers.findLicense(body.license, tx);
          throwIfInvalid([
            license?.businessId === controller.businessId
              ? undefined
              : {
                  field: 'license',
                  code: 'invalidChoice',
                  message: "Choose a licence of the controller's business",
                },
          ]);
          if (license?.controllerId !== null && license?.controllerId !== id) throw conflict(LICENSE_TAKEN);
        }
        await this.#controllers.update(id, { name: body.name, licenseId: body.license }, tx);
      });
    } catch (error) {
      // Two controllers claiming one licence at once: the unique index refuses the second.
      if (isUniqueViolation(error)) throw conflict(LICENSE_TAKEN);
      throw error;
    }
    return this.#response(await this.#visible(viewer, id));
  }

  /** Administrators; refused with 409 while a machine group uses the controller. */
  async delete(viewer: Viewer, id: number): Promise<void> {
    const controller = await this.#visible(viewer, id);
    if (!canManageControllers(viewer)) throw new AppError('FORBIDDEN');
    if (controller.machineGroupId !== null) throw conflict(CONTROLLER_IN_USE);
    try {
      await this.#controllers.delete(id);
      this.#keyChanged(id);
    } catch (error) {
      // A group took the controller since the check above: the foreign key refuses the delete.
      if (isForeignKeyViolation(error)) throw conflict(CONTROLLER_IN_USE);
      throw error;
    }
  }

  /**
   * Administrators: a new gateway key, answered once and stored only as its hash. It replaces the
   * previous one, which stops working at once.
   */
  async generateKey(viewer: Viewer, id: number): Promise<{ key: string }> {
    await this.#visible(viewer, id);
    if (!canManageControllers(viewer)) throw new AppError('FORBIDDEN');
    const key = generateGatewayKey();
    if (!(await this.#controllers.setKeyHash(id, hashGatewayKey(key), this.#clock()))) {
      throw notFound('Computer controller');
    }
    this.#keyChanged(id);
    return { key };
  }

  /**
   * Whether the viewer may change the controller's gateway key: 404 when they do not see it (another business's),
   * 403 when they see it but may not manage it (docs/design.md §5d: administrators only).
   */
  async assertManageable(viewer: Viewer, id: number): Promise<void> {
    await this.#visible(viewer, id);
    if (!canManageControllers(viewer)) throw new AppError('FORBIDDEN');
  }

  /**
   * A key a paired gateway made for itself becomes the controller's, known here only by its hash; the previous key
   * stops working at once, as when a key is generated.
   */
  async installGatewayKeyHash(viewer: Viewer, id: number, keyHash: string): Promise<ComputerController> {
    await this.assertManageable(viewer, id);
    if (!(await this.#controllers.setKeyHash(id, keyHash, this.#clock())))
      throw notFound('Computer controller');
    this.#keyChanged(id);
    return this.#response(await this.#visible(viewer, id));
  }

  /** Whether `key` is the current gateway key of the controller (for the gateway tunnel). */
  async verifyGatewayKey(controllerId: number, key: string): Promise<boolean> {
    const hash = await this.#controllers.findKeyHash(controllerId);
    return typeof hash === 'string' && gatewayKeyMatches(hash, key);
  }

  /** The controller if the viewer sees it; otherwise 404, whether it is missing or another business's. */
  async #visible(viewer: Viewer, id: number): Promise<ControllerRow> {
    const row = await this.#controllers.findVisible(id, visibleControllers(viewer));
    if (!row) throw notFound('Computer controller');
    return row;
  }
}
