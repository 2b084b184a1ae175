import {
  type ComputerController,
  type ControllerCreateBody,
  computerControllerSchema,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { controllerListsKey } from './controller-keys';

/** Administrators only. */
export const createController = (body: ControllerCreateBody): Promise<ComputerController> =>
  answer(api.POST('/api/v1/controller/computer', { body }), computerControllerSchema);

export function useCreateController() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createController,
    onSuccess: async () => {
      showToast({ type: 'success', body: t('hardware.controllers.toasts.created') });
      await queryClient.invalidateQueries({ queryKey: controllerListsKey });
    },
  });
}
