import { ALL_ROLES, CAPABILITY_NAMES, type Capability, type Reach, reachOf, roleKey } from '@portal/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/ui/scroll-region';

/** Capabilities whose granted cells say more than "yes" or "own business"; their wording is in the catalog. */
const WORDED = ['createUsers', 'businessList', 'machineFiles'] as const satisfies readonly Capability[];
type Worded = (typeof WORDED)[number];
const isWorded = (capability: Capability): capability is Worded =>
  (WORDED as readonly Capability[]).includes(capability);

const REACH_ICON: Record<Reach, string> = {
  all: 'bi-check-circle-fill text-success',
  own: 'bi-check-circle text-success',
  none: 'bi-x-circle text-body-secondary',
  hidden: 'bi-eye-slash text-body-secondary',
};

/** The read-only roles tab of /settings: the permission table of the contract, as each role reads it. */
export function RolesTable() {
  const { t } = useTranslation();
  const cellText = (capability: Capability, reach: Reach): string =>
    isWorded(capability) && (reach === 'all' || reach === 'own')
      ? t(`settings.roles.cells.${capability}.${reach}`)
      : t(`settings.roles.reach.${reach}`);

  return (
    <ScrollRegion label={t('settings.roles.caption')}>
      <Table striped bordered hover className="align-middle">
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
          {CAPABILITY_NAMES.map((capability) => (
            <tr key={capability}>
              <th scope="row" className="fw-normal">
                {t(`settings.roles.capabilities.${capability}`)}
              </th>
              {ALL_ROLES.map((role) => {
                const reach = reachOf(role, capability);
                return (
                  <td key={role}>
                    <i className={`bi ${REACH_ICON[reach]} me-2`} aria-hidden="true" />
                    {cellText(capability, reach)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}
