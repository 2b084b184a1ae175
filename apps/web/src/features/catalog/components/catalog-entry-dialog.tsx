import { type Catalog, type CatalogEntry, catalogEntryBodySchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateCatalogEntry } from '../api/create-catalog-entry';
import { useUpdateCatalogEntry } from '../api/update-catalog-entry';

/** Creates an entry of `catalog`, or edits `entry` when given; closes itself once the server agrees. */
export function CatalogEntryDialog({
  catalog,
  entry,
  onClose,
}: {
  catalog: Catalog;
  entry?: CatalogEntry | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateCatalogEntry(catalog);
  const update = useUpdateCatalogEntry(catalog);
  const form = useSchemaForm(catalogEntryBodySchema, {
    defaultValues: { name: entry?.name ?? '', description: entry?.description ?? '' },
  });

  const submit = form.handleSubmit((body) => {
    if (entry) update.mutate({ id: entry.id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  });

  return (
    <FormDialog
      wide
      title={entry ? t(`hardware.catalog.edit.${catalog}`) : t(`hardware.catalog.create.${catalog}`)}
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={entry ? t('common.save') : t('common.create')}
      busy={create.isPending || update.isPending}
    >
      <TextField
        id="catalog-entry-name"
        label={t('hardware.catalog.fields.name')}
        required
        {...fieldProps(form, 'name')}
      />
      <TextAreaField
        id="catalog-entry-description"
        label={t('hardware.catalog.fields.description')}
        {...fieldProps(form, 'description')}
      />
    </FormDialog>
  );
}
