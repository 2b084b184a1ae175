import {
  type ComputerController,
  type ControllerUpdateBody,
  computerControllerSchema,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { controllersKey } from './controller-keys';

/** Name and licence (null unbinds it). */
export const updateController = (id: number, body: ControllerUpdateBody): Promise<ComputerController> =>
  answer(
    api.PUT('/api/v1/controller/computer/{id}', { params: { path: { id } }, body }),
    computerControllerSchema,
  );

export function useUpdateController(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ControllerUpdateBody) => updateController(id, body),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('hardware.controllers.toasts.updated') });
      // Under the same prefix: the controller, its lists and its licence choices (binding one frees another).
      await queryClient.invalidateQueries({ queryKey: controllersKey });
    },
  });
}
