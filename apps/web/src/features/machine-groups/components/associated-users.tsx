import type { MachineGroup, MachineGroupUser } from '@portal/contract';
import { useState } from 'react';
import { Button, Card, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ScrollRegion } from '../../../components/ui/scroll-region';
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
        {isError && <p className="text-danger mb-0">{t('table.loadError')}</p>}
        {!users && !isError && (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={12} />
          </Placeholder>
        )}
        {users?.length === 0 && (
          <p className="text-body-secondary mb-0">{t('hardware.machineGroups.users.empty')}</p>
        )}
        {users && users.length > 0 && (
          <ScrollRegion label={caption}>
            <Table striped hover className="align-middle mb-0">
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('hardware.machineGroups.users.id')}</th>
                  <th scope="col">{t('hardware.machineGroups.users.name')}</th>
                  <th scope="col">{t('hardware.machineGroups.users.business')}</th>
                  {anyRemovable && (
                    <th scope="col">
                      <span className="visually-hidden">{t('hardware.common.actions')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <tr key={user.id}>
                    <td>{user.id}</td>
                    <td>{fullName(user)}</td>
                    <td>{user.businessName}</td>
                    {anyRemovable && (
                      <td className="text-end">
                        {canRemove(user) && (
                          <Button
                            size="sm"
                            variant="outline-danger"
                            aria-label={t('hardware.machineGroups.users.removeFor', { name: fullName(user) })}
                            onClick={() => setRemoving(user)}
                          >
                            {t('hardware.machineGroups.users.remove')}
                          </Button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </Table>
          </ScrollRegion>
        )}
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
