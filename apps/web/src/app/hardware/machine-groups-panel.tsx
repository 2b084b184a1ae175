import { can } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../features/catalog/api/get-catalog';
import { controllersKey } from '../../features/controllers/api/controller-keys';
import { useControllerChoices } from '../../features/controllers/api/get-controller-choices';
import {
  type MachineGroupChoices,
  MachineGroupCreateDialog,
} from '../../features/machine-groups/components/machine-group-create-dialog';
import { MachineGroupList } from '../../features/machine-groups/components/machine-group-list';
import { useBusinessChoices } from '../../lib/choices';
import { useSession } from '../../lib/session-store';
import { useNamedChoices } from './named-choices';

/** The creation dialog with the unused controllers of the business chosen in it. */
function CreateMachineGroup({ choices, onClose }: { choices: MachineGroupChoices; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [business, setBusiness] = useState<number | undefined>();
  const controllers = useControllerChoices({ business });
  return (
    <MachineGroupCreateDialog
      choices={choices}
      controllers={controllers}
      onBusinessChange={setBusiness}
      // The chosen controller is no longer unused.
      onCreated={() => queryClient.invalidateQueries({ queryKey: controllersKey })}
      onClose={onClose}
    />
  );
}

/**
 * The machine groups with the names of their types and businesses, and for administrators the creation
 * form: the machinegroups tab of /settings, and of the business page with `business` set.
 */
export function MachineGroupsPanel({ business }: { business?: number | undefined }) {
  const { t } = useTranslation();
  const role = useSession()?.claims.role;
  const canCreate = role !== undefined && can(role, 'createMachineGroups');
  const machineTypes = useNamedChoices(useCatalog('machines').data);
  const boardTypes = useNamedChoices(useCatalog('boards', { enabled: canCreate }).data);
  const businesses = useNamedChoices(useBusinessChoices().data);
  const [creating, setCreating] = useState(false);
  const choices =
    machineTypes.choices && boardTypes.choices && businesses.choices
      ? { machineTypes: machineTypes.choices, boardTypes: boardTypes.choices, businesses: businesses.choices }
      : undefined;

  return (
    <>
      <MachineGroupList
        business={business}
        businessName={businesses.nameOf}
        machineTypeName={machineTypes.nameOf}
        toolbar={
          canCreate && (
            <Button onClick={() => setCreating(true)} disabled={!choices}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              {t('hardware.machineGroups.create')}
            </Button>
          )
        }
      />
      {creating && choices && <CreateMachineGroup choices={choices} onClose={() => setCreating(false)} />}
    </>
  );
}
