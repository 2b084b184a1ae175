import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useCatalog } from '../../features/catalog/api/get-catalog';
import { ControllerCreateDialog } from '../../features/controllers/components/controller-create-dialog';
import { ControllerList } from '../../features/controllers/components/controller-list';
import { useBusinessChoices } from '../../lib/choices';
import { useLanguage } from '../../lib/use-language';
import { useNamedChoices } from './named-choices';

/**
 * The computercontrollers tab of /settings: the controllers with their type and business names, and the
 * creation dialog, which goes on to the new controller's page where its gateway key is generated.
 */
export function ControllersPanel() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const types = useNamedChoices(useCatalog('computers').data);
  const businesses = useNamedChoices(useBusinessChoices().data);
  const [creating, setCreating] = useState(false);

  return (
    <>
      <ControllerList
        typeName={types.nameOf}
        businessName={businesses.nameOf}
        toolbar={
          <Button onClick={() => setCreating(true)} disabled={!types.choices || !businesses.choices}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('hardware.controllers.create')}
          </Button>
        }
      />
      {creating && types.choices && businesses.choices && (
        <ControllerCreateDialog
          types={types.choices}
          businesses={businesses.choices}
          onCreated={(controller) => navigate(paths.computerController.getHref(lang, controller.id))}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
