import type { MachineGroup, MachineGroupUser } from '@portal/contract';
import { useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/ui/captioned-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useMachineGroupUsers } from '../api/get-machine-group-users';
import { useRemoveMachineGroupUser } from '../api/remove-machine-group-user';

const fullName = (user: MachineGroupUser) => `${user.name} ${user.surname || '_'}`;

export interface AssociatedUsersProps {
  group: MachineGroup;
  /** Whether the viewer may take this user's access away (administrators; managers in their business). */
  canRemove: (user: MachineGroupUser) => boolean;
}

/** Who has access to the machine group, with 'remove access' behind a confirm step. */
export function AssociatedUsers({ group, canRemove }: AssociatedUsersProps) {
  const { t } = useTranslation();
  const { data: users, isError } = useMachineGroupUsers(group.id);
  const remove = useRemoveMachineGroupUser(group.id);
  const [removing, setRemoving] = useState<MachineGroupUser | null>(null);
  const anyRemovable = users?.some(canRemove) ?? false;
  const caption = t('hardware.machineGroups.settings.users');

  const confirm = () => {
    if (removing) remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
  };

  return (
    <Card as="section" aria-labelledby="group-users-title">
      <Card.Header as="h2" id="group-users-title" className="h5">
        {caption}
      </Card.Header>
      <Card.Body>
        <CaptionedTable
          caption={caption}
          states="block"
          columns={[
            { id: 'id', header: t('hardware.machineGroups.users.id'), cell: (user) => user.id },
            { id: 'name', header: t('hardware.machineGroups.users.name'), cell: fullName },
            {
              id: 'business',
              header: t('hardware.machineGroups.users.business'),
              cell: (user) => user.businessName,
            },
          ]}
          rows={users}
          rowKey={(user) => user.id}
          isError={isError}
          empty={t('hardware.machineGroups.users.empty')}
          striped
          hover
          className="mb-0"
          actions={
            anyRemovable
              ? {
                  label: t('hardware.common.actions'),
                  cell: (user) =>
                    canRemove(user) && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={t('hardware.machineGroups.users.removeFor', { name: fullName(user) })}
                        onClick={() => setRemoving(user)}
                      >
                        {t('hardware.machineGroups.users.remove')}
                      </Button>
                    ),
                }
              : undefined
          }
        />
      </Card.Body>
      <ConfirmDialog
        show={removing !== null}
        title={t('hardware.machineGroups.users.confirmTitle')}
        confirmLabel={t('hardware.machineGroups.users.remove')}
        onConfirm={confirm}
        onCancel={() => setRemoving(null)}
        busy={remove.isPending}
      >
        {t('hardware.machineGroups.users.confirmText', {
          name: removing ? fullName(removing) : '',
          group: group.name,
        })}
      </ConfirmDialog>
    </Card>
  );
}
