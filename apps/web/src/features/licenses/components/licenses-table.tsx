import { type License, licenseEnd } from '@portal/contract';
import { useState } from 'react';
import { Button, ButtonGroup, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useDeleteLicense } from '../api/delete-license';
import { useBusinessLicenses } from '../api/get-business-licenses';
import { ActivateLicenseDialog } from './activate-license-dialog';
import { LicenseFormDialog } from './license-form-dialog';
import { LicenseStatusBadge } from './license-status-badge';
import { formatDay } from './license-term';

/** What a dialog of the tab is open for. */
type Open =
  | { kind: 'create' }
  | { kind: 'edit'; license: License }
  | { kind: 'activate'; license: License }
  | { kind: 'delete'; license: License };

export interface LicensesTableProps {
  business: number;
  /** Administrators create, edit, activate and delete; others only read. */
  manage: boolean;
}

/** The licences tab of /business/{id}: each licence's days, state and bound controller. */
export function LicensesTable({ business, manage }: LicensesTableProps) {
  const { t } = useTranslation();
  const { data: licenses, isError } = useBusinessLicenses(business);
  const remove = useDeleteLicense();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  // Rendering time is "now" for the state badges; the list refreshes on every change.
  const now = Date.now();
  const columns = manage ? 6 : 5;

  return (
    <>
      {manage && (
        <div className="d-flex justify-content-end mb-3">
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('licenses.create')}
          </Button>
        </div>
      )}
      <ScrollRegion label={t('licenses.caption')}>
        <Table striped hover className="align-middle" aria-busy={!licenses && !isError}>
          <caption className="visually-hidden">{t('licenses.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('licenses.fields.id')}</th>
              <th scope="col">{t('licenses.fields.activation')}</th>
              <th scope="col">{t('licenses.fields.end')}</th>
              <th scope="col">{t('licenses.fields.status')}</th>
              <th scope="col">{t('licenses.fields.computer')}</th>
              {manage && (
                <th scope="col">
                  <span className="visually-hidden">{t('licenses.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {!licenses && !isError && (
              <tr>
                <td colSpan={columns}>
                  <Placeholder as="div" animation="glow" aria-hidden="true">
                    <Placeholder xs={12} />
                  </Placeholder>
                  <span className="visually-hidden">{t('common.loading')}</span>
                </td>
              </tr>
            )}
            {isError && (
              <tr>
                <td colSpan={columns} className="text-danger-emphasis">
                  {t('table.loadError')}
                </td>
              </tr>
            )}
            {licenses?.length === 0 && (
              <tr>
                <td colSpan={columns} className="text-body-secondary">
                  {t('licenses.empty')}
                </td>
              </tr>
            )}
            {licenses?.map((license) => {
              const end = licenseEnd(license);
              return (
                <tr key={license.id}>
                  <td>{license.id}</td>
                  <td>
                    {license.activation === null ? t('licenses.notActivated') : formatDay(license.activation)}
                  </td>
                  <td>{end === null ? '—' : formatDay(end)}</td>
                  <td>
                    <LicenseStatusBadge license={license} now={now} />
                  </td>
                  <td>
                    {license.computerName ?? (license.computer === null ? '—' : `#${license.computer}`)}
                  </td>
                  {manage && (
                    <td className="text-end">
                      <ButtonGroup size="sm">
                        <Button
                          variant="outline-secondary"
                          onClick={() => setOpen({ kind: 'edit', license })}
                          aria-label={t('licenses.edit', { id: license.id })}
                          title={t('common.edit')}
                        >
                          <i className="bi bi-pencil" aria-hidden="true" />
                        </Button>
                        <Button
                          variant="outline-success"
                          onClick={() => setOpen({ kind: 'activate', license })}
                          aria-label={t('licenses.activate.action', { id: license.id })}
                          title={t('licenses.activate.submit')}
                        >
                          <i className="bi bi-plug" aria-hidden="true" />
                        </Button>
                        <Button
                          variant="outline-danger"
                          onClick={() => setOpen({ kind: 'delete', license })}
                          aria-label={t('licenses.delete.action', { id: license.id })}
                          title={t('common.delete')}
                        >
                          <i className="bi bi-trash" aria-hidden="true" />
                        </Button>
                      </ButtonGroup>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </Table>
      </ScrollRegion>
      {open?.kind === 'create' && <LicenseFormDialog business={business} license={null} onHide={close} />}
      {open?.kind === 'edit' && (
        <LicenseFormDialog business={business} license={open.license} onHide={close} />
      )}
      {open?.kind === 'activate' && <ActivateLicenseDialog license={open.license} onHide={close} />}
      <ConfirmDialog
        show={open?.kind === 'delete'}
        title={t('licenses.delete.title')}
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() => {
          if (open?.kind === 'delete') remove.mutate(open.license.id, { onSettled: close });
        }}
      >
        {open?.kind === 'delete' && t('licenses.delete.text', { id: open.license.id })}
      </ConfirmDialog>
    </>
  );
}
