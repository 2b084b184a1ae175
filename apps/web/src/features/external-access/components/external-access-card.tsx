import {
  can,
  libraryFolderProblem,
  type Role,
  type SlicerDestination,
  type SlicerDestinationKind,
  type SlicerQueueTarget,
} from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { type IssuedToken, useCreateApiToken } from '../api/create-api-token';
import { useRevokeApiTokens } from '../api/revoke-api-tokens';
import { SlicerInstructionsDialog } from './slicer-instructions-dialog';
import { TokenUrlDialog } from './token-url-dialog';

/**
 * docs/product.md §5: the token grants access, it is not kept, and a new one invalidates the earlier ones.
 */
const ACKNOWLEDGEMENTS = ['grantsAccess', 'notStored', 'invalidatesEarlier'] as const;

/** Where an upload-and-print token's uploads land (docs/product.md §7 "Tokens"). */
const DESTINATIONS: readonly SlicerDestinationKind[] = ['machine', 'library', 'queue'];

export interface ExternalAccessCardProps {
  /** The machine's computer controller; null when the group names none. */
  controllerId: number | null;
  role: Role;
}

/** The external-access section of /machines/{id}/settings (docs/product.md §2 and §5). */
export function ExternalAccessCard({ controllerId, role }: ExternalAccessCardProps) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState<Record<string, boolean>>({});
  const [level, setLevel] = useState<'upload' | 'full_control'>('upload');
  const [destinationKind, setDestinationKind] = useState<SlicerDestinationKind>('machine');
  const [folder, setFolder] = useState('');
  const [queueTarget, setQueueTarget] = useState<SlicerQueueTarget>('machine');
  const [token, setToken] = useState<IssuedToken | null>(null);
  const [instructions, setInstructions] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const create = useCreateApiToken(controllerId ?? 0);
  const revoke = useRevokeApiTokens();
  const allAccepted = ACKNOWLEDGEMENTS.every((name) => accepted[name]);
  const mayFullControl = can(role, 'fullControlToken');
  // A full-control token reaches the machine itself: only upload-and-print tokens go elsewhere.
  const kind = level === 'upload' ? destinationKind : 'machine';
  const folderProblem = kind === 'machine' ? null : libraryFolderProblem(folder.trim());

  const destinationOf = (): SlicerDestination => {
    if (kind === 'library') return { kind, folder: folder.trim() };
    if (kind === 'queue') return { kind, folder: folder.trim(), target: queueTarget };
    return { kind };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (controllerId === null || folderProblem) return;
    create.mutate(
      {
        can_connect: true,
        can_upload_files: true,
        full_control: level === 'full_control',
        destination: destinationOf(),
      },
      { onSuccess: setToken },
    );
  };

  return (
    <Card className="mt-4" as="section" aria-labelledby="external-access-title">
      <Card.Body>
        <h2 id="external-access-title" className="h5">
          <i className="bi bi-plug me-2" aria-hidden="true" />
          {t('externalAccess.title')}
        </h2>
        <p>{t('externalAccess.description')}</p>
        <p className="text-body-secondary">{t('externalAccess.expiry')}</p>
        {controllerId === null && (
          <p className="text-danger" role="alert">
            {t('externalAccess.noController')}
          </p>
        )}
        <Form onSubmit={submit} noValidate>
          {ACKNOWLEDGEMENTS.map((name) => (
            <Form.Check
              key={name}
              id={`ack-${name}`}
              type="checkbox"
              className="mb-2"
              label={t(`externalAccess.acknowledge.${name}`)}
              checked={accepted[name] ?? false}
              onChange={(event) => setAccepted((current) => ({ ...current, [name]: event.target.checked }))}
            />
          ))}
          <fieldset className="my-3">
            <legend className="fs-6 fw-semibold">{t('externalAccess.level.label')}</legend>
            <Form.Check
              inline
              type="radio"
              id="level-upload"
              name="token-level"
              label={t('externalAccess.level.upload')}
              checked={level === 'upload'}
              onChange={() => setLevel('upload')}
            />
            {mayFullControl && (
              <Form.Check
                inline
                type="radio"
                id="level-full-control"
                name="token-level"
                label={t('externalAccess.level.fullControl')}
                checked={level === 'full_control'}
                onChange={() => setLevel('full_control')}
              />
            )}
          </fieldset>
          {level === 'upload' && (
            <fieldset className="mb-3">
              <legend className="fs-6 fw-semibold">{t('externalAccess.destination.label')}</legend>
              {DESTINATIONS.map((each) => (
                <Form.Check
                  key={each}
                  type="radio"
                  id={`destination-${each}`}
                  name="token-destination"
                  label={t(`externalAccess.destination.${each}`)}
                  checked={destinationKind === each}
                  onChange={() => setDestinationKind(each)}
                />
              ))}
              {kind !== 'machine' && (
                <div className="row g-2 mt-1">
                  <Form.Group className="col-sm-6" controlId="destination-folder">
                    <Form.Label>{t('externalAccess.destination.folder')}</Form.Label>
                    <Form.Control
                      value={folder}
                      maxLength={500}
                      placeholder="slicer"
                      isInvalid={folderProblem !== null}
                      aria-describedby="destination-folder-help"
                      onChange={(event) => setFolder(event.target.value)}
                    />
                    <Form.Text id="destination-folder-help">
                      {t('externalAccess.destination.folderHelp')}
                    </Form.Text>
                    <Form.Control.Feedback type="invalid">
                      {t('externalAccess.destination.folderInvalid')}
                    </Form.Control.Feedback>
                  </Form.Group>
                  {kind === 'queue' && (
                    <Form.Group className="col-sm-6" controlId="destination-target">
                      <Form.Label>{t('externalAccess.destination.target')}</Form.Label>
                      <Form.Select
                        value={queueTarget}
                        onChange={(event) => setQueueTarget(event.target.value as SlicerQueueTarget)}
                      >
                        <option value="machine">{t('externalAccess.destination.targetMachine')}</option>
                        <option value="machineType">{t('externalAccess.destination.targetType')}</option>
                      </Form.Select>
                    </Form.Group>
                  )}
                </div>
              )}
            </fieldset>
          )}
          {!allAccepted && <p className="form-text">{t('externalAccess.acceptAll')}</p>}
          <div className="d-flex flex-wrap gap-2">
            <Button
              type="submit"
              disabled={!allAccepted || create.isPending || controllerId === null || folderProblem !== null}
            >
              <i className="bi bi-key me-1" aria-hidden="true" />
              {t('externalAccess.create')}
            </Button>
            <Button variant="outline-secondary" onClick={() => setInstructions(true)}>
              <i className="bi bi-journal-text me-1" aria-hidden="true" />
              {t('externalAccess.instructions.open')}
            </Button>
            <Button variant="outline-danger" onClick={() => setConfirmRevoke(true)}>
              <i className="bi bi-x-octagon me-1" aria-hidden="true" />
              {t('externalAccess.revokeAll')}
            </Button>
          </div>
        </Form>
      </Card.Body>
      {controllerId !== null && (
        <TokenUrlDialog controllerId={controllerId} token={token} onClose={() => setToken(null)} />
      )}
      <SlicerInstructionsDialog
        show={instructions}
        onClose={() => setInstructions(false)}
        controllerId={controllerId}
        level={level}
        destination={destinationOf()}
      />
      <ConfirmDialog
        show={confirmRevoke}
        title={t('externalAccess.revokeAll')}
        busy={revoke.isPending}
        confirmLabel={t('externalAccess.revoke')}
        onCancel={() => setConfirmRevoke(false)}
        onConfirm={() => revoke.mutate(undefined, { onSettled: () => setConfirmRevoke(false) })}
      >
        {t('externalAccess.revokeConfirm')}
      </ConfirmDialog>
    </Card>
  );
}
