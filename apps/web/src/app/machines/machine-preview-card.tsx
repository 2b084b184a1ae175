import {
  can,
  type MachineGroup,
  type MachineLiveStatus,
  machineGroupUpdateBodySchema,
} from '@portal/contract';
import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionsMenuButton, ContextMenuArea, type MenuAction } from '../../components/ui/context-menu';
import { InlineEdit } from '../../components/ui/inline-edit';
import { paths } from '../../config/paths';
import { LicenseBadge } from '../../features/fleet/components/license-badge';
import { MachineJobSummary } from '../../features/fleet/components/machine-job-summary';
import { MachineStatusBadge } from '../../features/fleet/components/machine-status-badge';
import { MachineTemperatures } from '../../features/fleet/components/machine-temperatures';
import { isOnline } from '../../features/fleet/lib/card-rules';
import type { LicenseAlert } from '../../features/fleet/lib/fleet-glance';
import {
  type InlineField,
  useRenameMachineGroup,
} from '../../features/machine-groups/api/rename-machine-group';
import { MachineTypeIcon } from '../../features/machine-groups/components/machine-type-icon';
import { WebcamSnapshot } from '../../features/machine-panel/components/webcam-snapshot';
import { MaintenanceBadge } from '../../features/maintenance/components/maintenance-badge';
import type { MaintenanceSummary } from '../../features/maintenance/lib/maintenance-rules';
import { BedClear } from '../../features/print-queue/components/bed-clear';
import { useSession } from '../../lib/session-store';
import { useLanguage } from '../../lib/use-language';

// The contract's update rules for the two fields the card edits (its schemas make them optional).
const nameSchema = machineGroupUpdateBodySchema.shape.name.unwrap();
const locationSchema = machineGroupUpdateBodySchema.shape.location.unwrap();

export interface MachinePreviewCardProps {
  group: MachineGroup;
  status: MachineLiveStatus;
  /** The controller's licence when it needs attention (ending within the warning window, or not valid). */
  license: LicenseAlert;
  /** Administrators also get the maintenance and statistics shortcuts (docs/product.md §6). */
  showShortcuts: boolean;
  /** The machine's business, for administrators (who see every business's machines). */
  business?: { name: string; active: boolean } | undefined;
  /** The webcam token the list keeps renewed for every card's snapshot. */
  videoToken: string | null;
  /** The machine's maintenance at a glance: a badge beside its status when a task is due. */
  maintenance?: MaintenanceSummary | undefined;
  /** Marked ready for the print queue ("bed clear"); undefined unless the person uses its business's queue. */
  ready?: boolean | undefined;
}

/** A machine group's preview on the machine list (docs/product.md §2). */
export function MachinePreviewCard({
  group,
  status,
  license,
  showShortcuts,
  business,
  videoToken,
  maintenance,
  ready,
}: MachinePreviewCardProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const role = useSession()?.claims.role;
  // The file browser is everyone's who sees the machine (the customer path's scope: docs/product.md §6).
  const showFiles = role !== undefined && can(role, 'machineFiles');
  const filesHref = paths.machineFiles.getHref(lang, group.id);
  const rename = useRenameMachineGroup(group.id);
  const save = (field: InlineField) => async (value: string) => {
    await rename.mutateAsync({ field, value });
  };
  const links = [
    { label: t('fleet.links.settings'), icon: 'gear', href: paths.machineSettings.getHref(lang, group.id) },
    ...(showFiles ? [{ label: t('fleet.links.files'), icon: 'folder2-open', href: filesHref }] : []),
    ...(showShortcuts
      ? [
          {
            label: t('fleet.links.maintenance'),
            icon: 'wrench-adjustable',
            href: paths.machineMaintenance.getHref(lang, group.id),
          },
          {
            label: t('fleet.links.statistics'),
            icon: 'bar-chart-line',
            href: paths.machineStatistics.getHref(lang, group.id),
          },
        ]
      : []),
  ];

  const menu: MenuAction[] = [
    {
      id: 'open',
      label: t('fleet.menu.open'),
      icon: 'bi-box-arrow-up-right',
      href: paths.machine.getHref(lang, group.id),
    },
    {
      id: 'settings',
      label: t('fleet.menu.settings'),
      icon: 'bi-gear',
      href: paths.machineSettings.getHref(lang, group.id),
    },
    {
      id: 'data',
      label: t('fleet.menu.data'),
      icon: 'bi-database',
      hidden: !showShortcuts && !showFiles,
      children: [
        {
          id: 'files',
          label: t('fleet.menu.files'),
          icon: 'bi-folder2-open',
          hidden: !showFiles,
          href: filesHref,
        },
        {
          id: 'statistics',
          hidden: !showShortcuts,
          label: t('fleet.menu.statistics'),
          icon: 'bi-bar-chart-line',
          href: paths.machineStatistics.getHref(lang, group.id),
        },
        {
          id: 'maintenance',
          hidden: !showShortcuts,
          label: t('fleet.menu.maintenance'),
          icon: 'bi-wrench-adjustable',
          href: paths.machineMaintenance.getHref(lang, group.id),
        },
      ],
    },
  ];

  return (
    <ContextMenuArea actions={menu}>
      <Card as="article" aria-label={group.name} className="h-100 shadow-sm" data-testid="machine-card">
        <Card.Header className="d-flex align-items-center gap-2">
          <MachineTypeIcon machineType={group.machine} className="flex-shrink-0 text-body-secondary" />
          <div className="flex-grow-1 min-w-0">
            <InlineEdit
              label={t('fleet.edit.name')}
              editLabel={t('fleet.edit.editName')}
              value={group.name}
              display={<h3 className="h6 mb-0 text-truncate">{group.name}</h3>}
              schema={nameSchema}
              onSave={save('name')}
            />
          </div>
          <ActionsMenuButton
            actions={menu}
            label={t('fleet.menu.actions', { name: group.name })}
            className="flex-shrink-0 border-0"
          />
        </Card.Header>
        <Card.Body className="d-flex flex-column gap-3">
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            <span className="d-flex flex-wrap align-items-center gap-2">
              <MachineStatusBadge state={status.state} />
              <MaintenanceBadge machine={group} summary={maintenance} />
              <LicenseBadge alert={license} />
            </span>
            <span className="small text-body-secondary" data-testid="machine-computer">
              <i className="bi bi-router me-1" aria-hidden="true" />
              {t('fleet.card.computer')} {t('fleet.card.computerNumber', { id: group.computer })}
            </span>
          </div>
          {business && (
            <div className="d-flex align-items-center gap-2 small" data-testid="machine-business">
              <span className="text-body-secondary flex-shrink-0">
                <i className="bi bi-building me-1" aria-hidden="true" />
                {t('fleet.card.business')}
              </span>
              <span className="ms-auto text-truncate fw-medium">{business.name}</span>
              {!business.active && <Badge bg="danger">{t('fleet.card.suspended')}</Badge>}
            </div>
          )}
          <div className="d-flex align-items-center gap-2 small">
            <span className="text-body-secondary flex-shrink-0">
              <i className="bi bi-geo-alt me-1" aria-hidden="true" />
              {t('fleet.card.location')}
            </span>
            <div className="flex-grow-1 d-flex justify-content-end min-w-0">
              <InlineEdit
                label={t('fleet.edit.location')}
                editLabel={t('fleet.edit.editLocation')}
                value={group.location}
                display={
                  group.location || <span className="text-body-secondary">{t('fleet.noLocation')}</span>
                }
                schema={locationSchema}
                onSave={save('location')}
              />
            </div>
          </div>
          {/* The job's own thumbnail shows with the job; otherwise a still of the machine's webcam. */}
          {isOnline(status.state) && !(status.job?.thumbnail && !status.job.finished) && (
            <WebcamSnapshot
              controllerId={group.computer}
              videoToken={videoToken}
              alt={t('fleet.card.snapshot', { name: group.name })}
            />
          )}
          <MachineJobSummary status={status} machineName={group.name} controllerId={group.computer} />
          <MachineTemperatures heaters={status.heaters} />
          <BedClear machineGroup={group.id} name={group.name} state={status.state} ready={ready} />
        </Card.Body>
        <nav aria-label={t('fleet.card.links', { name: group.name })} className="px-3 pb-3">
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="btn btn-sm btn-outline-secondary">
                  <i className={`bi bi-${link.icon} me-1`} aria-hidden="true" />
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Card.Footer className="text-end">
          <Link to={paths.machine.getHref(lang, group.id)} className="fw-medium">
            {t('fleet.card.openShort')}
            <span className="visually-hidden"> {group.name}</span>
            <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
          </Link>
        </Card.Footer>
      </Card>
    </ContextMenuArea>
  );
}
