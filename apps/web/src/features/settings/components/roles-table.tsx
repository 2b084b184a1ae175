import { ALL_ROLES, CAPABILITY_NAMES, type Capability, type Reach, reachOf, roleKey } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { CaptionedTable, type TableColumn } from '../../../components/ui/captioned-table';

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
    <CaptionedTable
      caption={t('settings.roles.caption')}
      captionVisible
      columns={[
        {
          id: 'capability',
          header: t('settings.roles.capability'),
          rowHeader: true,
          cellClassName: 'fw-normal',
          cell: (capability) => t(`settings.roles.capabilities.${capability}`),
        },
        ...ALL_ROLES.map(
          (role): TableColumn<Capability> => ({
            id: String(role),
            header: t(`roles.${roleKey(role)}`),
            cell: (capability) => {
              const reach = reachOf(role, capability);
              return (
                <>
                  <i className={`bi ${REACH_ICON[reach]} me-2`} aria-hidden="true" />
                  {cellText(capability, reach)}
                </>
              );
            },
          }),
        ),
      ]}
      rows={CAPABILITY_NAMES}
      rowKey={(capability) => capability}
      striped
      bordered
      hover
    />
  );
}
