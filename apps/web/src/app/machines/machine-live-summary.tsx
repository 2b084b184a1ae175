import type { MachineGroup, MachineLiveStatus } from '@portal/contract';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { MachineJobSummary } from '../../features/fleet/components/machine-job-summary';
import { MachineStatusBadge } from '../../features/fleet/components/machine-status-badge';
import { MachineTemperatures } from '../../features/fleet/components/machine-temperatures';
import { useLanguage } from '../../lib/use-language';

export interface MachineLiveSummaryProps {
  group: MachineGroup;
  status: MachineLiveStatus;
  /** The file browser, for the roles that reach it (docs/product.md §6). */
  showFiles: boolean;
  /** Statistics and maintenance, for the roles that reach them (docs/product.md §6). */
  showShortcuts: boolean;
  /** The maintenance badge beside the state, when a task is due (docs/design.md §12). */
  maintenance?: ReactNode;
}

/**
 * The portal's own live summary beside the board's page: the state, the job with its progress and expected
 * end, and the ways from here to the machine's files, logs and a ticket about it.
 */
export function MachineLiveSummary({
  group,
  status,
  showFiles,
  showShortcuts,
  maintenance,
}: MachineLiveSummaryProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const links = [
    ...(showFiles
      ? [
          {
            label: t('fleet.links.files'),
            icon: 'folder2-open',
            href: paths.machineFiles.getHref(lang, group.id),
          },
        ]
      : []),
    ...(showShortcuts
      ? [
          {
            label: t('fleet.links.statistics'),
            icon: 'bar-chart-line',
            href: paths.machineStatistics.getHref(lang, group.id),
          },
          {
            label: t('fleet.links.maintenance'),
            icon: 'wrench-adjustable',
            href: paths.machineMaintenance.getHref(lang, group.id),
          },
        ]
      : []),
    {
      label: t('activity.link'),
      icon: 'journal-text',
      href: paths.machineActivity.getHref(lang, group.id),
    },
    {
      label: t('machinePanel.openTicket'),
      icon: 'life-preserver',
      href: paths.newTicket.getHref(lang, group.id),
    },
  ];
  return (
    <Card as="section" aria-label={t('machinePanel.summary', { name: group.name })} className="mb-3">
      <Card.Body className="d-flex flex-column flex-lg-row gap-3 align-items-lg-center">
        <div className="flex-shrink-0 d-flex flex-wrap align-items-center gap-2">
          <MachineStatusBadge state={status.state} />
          {maintenance}
        </div>
        <div className="flex-grow-1 d-flex flex-column gap-2 min-w-0">
          <MachineJobSummary status={status} machineName={group.name} controllerId={group.computer} />
          <MachineTemperatures heaters={status.heaters} />
        </div>
        <nav aria-label={t('machinePanel.shortcuts')} className="d-flex flex-wrap gap-2 flex-shrink-0">
          {links.map((link) => (
            <Link key={link.href} className="btn btn-outline-secondary btn-sm" to={link.href}>
              <i className={`bi bi-${link.icon} me-1`} aria-hidden="true" />
              {link.label}
            </Link>
          ))}
        </nav>
      </Card.Body>
    </Card>
  );
}
