import { ALL_ROLES, roleKey } from '@portal/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

type Cell = 'yes' | 'no' | 'hidden' | 'ownBusiness' | 'all' | 'own' | 'createUsersAny' | 'createUsersOwn';
type Capability =
  | 'settings'
  | 'companyLink'
  | 'createUsers'
  | 'manageUsers'
  | 'userMachinesTab'
  | 'userPreferencesTab'
  | 'createMachineGroups'
  | 'deleteTickets'
  | 'machineShortcuts'
  | 'machineGroupAdminEdits'
  | 'fullControlToken'
  | 'webcamLowLatency'
  | 'expiredControlPanel'
  | 'businessList';

/** The capability table of specification section 6; cells in role order Administrator..Customer. */
const CAPABILITIES: readonly [Capability, readonly [Cell, Cell, Cell, Cell]][] = [
  ['settings', ['yes', 'no', 'no', 'no']],
  ['companyLink', ['yes', 'ownBusiness', 'no', 'no']],
  ['createUsers', ['createUsersAny', 'createUsersOwn', 'no', 'no']],
  ['manageUsers', ['yes', 'yes', 'no', 'no']],
  ['userMachinesTab', ['yes', 'yes', 'yes', 'hidden']],
  ['userPreferencesTab', ['yes', 'yes', 'yes', 'hidden']],
  ['createMachineGroups', ['yes', 'no', 'no', 'no']],
  ['deleteTickets', ['yes', 'no', 'no', 'no']],
  ['machineShortcuts', ['yes', 'no', 'no', 'no']],
  ['machineGroupAdminEdits', ['yes', 'no', 'no', 'no']],
  ['fullControlToken', ['yes', 'no', 'no', 'no']],
  ['webcamLowLatency', ['yes', 'no', 'no', 'no']],
  ['expiredControlPanel', ['yes', 'hidden', 'hidden', 'hidden']],
  ['businessList', ['all', 'own', 'own', 'own']],
];

const CELL_ICON: Partial<Record<Cell, string>> = {
  yes: 'bi-check-circle-fill text-success',
  no: 'bi-x-circle text-body-secondary',
  hidden: 'bi-eye-slash text-body-secondary',
};

/** The read-only roles tab of /settings: what each role may do. */
export function RolesTable() {
  const { t } = useTranslation();
  return (
    <Table responsive striped bordered hover className="align-middle">
      <caption>{t('settings.roles.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('settings.roles.capability')}</th>
          {ALL_ROLES.map((role) => (
            <th scope="col" key={role}>
              {t(`roles.${roleKey(role)}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {CAPABILITIES.map(([capability, cells]) => (
          <tr key={capability}>
            <th scope="row" className="fw-normal">
              {t(`settings.roles.capabilities.${capability}`)}
            </th>
            {cells.map((cell, index) => (
              <td key={ALL_ROLES[index]}>
                {CELL_ICON[cell] && <i className={`bi ${CELL_ICON[cell]} me-2`} aria-hidden="true" />}
                {t(`settings.roles.cells.${cell}`)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
