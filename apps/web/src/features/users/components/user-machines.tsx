import { canIn, type MachineGroup, type SessionClaims, type User } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { CaptionedTable } from '../../../components/ui/captioned-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useMachineGroupChoices } from '../../../lib/choices';
import { useAddUserMachine } from '../api/add-user-machine';
import { useUserMachines } from '../api/get-user-machines';
import { useRemoveUserMachine } from '../api/remove-user-machine';

/** Chooses a machine group the user has no access to yet; a selection other than 0 is required. */
function AddMachineForm({ userId, assigned }: { userId: number; assigned: readonly MachineGroup[] }) {
  const { t } = useTranslation();
  const { data: choices } = useMachineGroupChoices();
  const add = useAddUserMachine(userId);
  const [machine, setMachine] = useState(0);
  const [missing, setMissing] = useState(false);
  const taken = new Set(assigned.map((group) => group.id));
  const available = (choices ?? []).filter((choice) => !taken.has(choice.id));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (machine === 0) {
      setMissing(true);
      return;
    }
    add.mutate(machine, { onSuccess: () => setMachine(0) });
  };

  return (
    <form noValidate onSubmit={submit} className="d-flex flex-wrap gap-2 align-items-start">
      <Form.Group controlId="user-machine-choice" className="flex-grow-1">
        <Form.Label className="visually-hidden">{t('users.machines.choose')}</Form.Label>
        <Form.Select
          value={machine}
          isInvalid={missing}
          aria-describedby={missing ? 'user-machine-choice-error' : undefined}
          onChange={(event) => {
            setMachine(Number(event.currentTarget.value));
            setMissing(false);
          }}
        >
          <option value={0}>{t('users.machines.choose')}</option>
          {available.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid" id="user-machine-choice-error">
          {t('users.machines.chooseRequired')}
        </Form.Control.Feedback>
      </Form.Group>
      <BusyButton type="submit" busy={add.isPending}>
        {t('users.machines.add')}
      </BusyButton>
    </form>
  );
}

/**
 * The machines tab: the machine groups the user has access to. Administrators, and managers in their
 * own business, add and remove access (docs/design.md §3); the route hides the tab from customers.
 */
export function UserMachines({ user, viewer }: { user: User; viewer: SessionClaims }) {
  const { t } = useTranslation();
  const { data: machines, isError } = useUserMachines(user.id);
  const remove = useRemoveUserMachine(user.id);
  const [removing, setRemoving] = useState<MachineGroup | null>(null);
  const manages = canIn(viewer, 'manageUsers', user.business);

  return (
    <Card>
      <Card.Header as="h2" className="h5">
        {t('users.machines.title')}
      </Card.Header>
      <Card.Body>
        {manages && machines && <AddMachineForm userId={user.id} assigned={machines} />}
        <CaptionedTable
          caption={t('users.machines.title')}
          columns={[
            { id: 'id', header: t('users.machines.fields.id'), cell: (group) => group.id },
            { id: 'name', header: t('users.machines.fields.name'), cell: (group) => group.name },
            { id: 'location', header: t('users.machines.fields.location'), cell: (group) => group.location },
          ]}
          rows={machines}
          rowKey={(group) => group.id}
          isError={isError}
          striped
          hover
          className="mt-3"
          actions={
            manages
              ? {
                  label: t('users.table.actions'),
                  cell: (group) => (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setRemoving(group)}
                      aria-label={t('users.machines.remove', { name: group.name })}
                    >
                      <i className="bi bi-x-circle" aria-hidden="true" />
                    </Button>
                  ),
                }
              : undefined
          }
        />
      </Card.Body>
      <ConfirmDialog
        show={removing !== null}
        title={t('users.machines.removeTitle')}
        confirmLabel={t('users.machines.removeConfirm')}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      >
        {removing && t('users.machines.removeText', { name: removing.name })}
      </ConfirmDialog>
    </Card>
  );
}
