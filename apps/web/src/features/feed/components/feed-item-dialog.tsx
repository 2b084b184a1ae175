import { feedItemCreateBodySchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateFeedItem } from '../api/create-feed-item';

/** An administrator writes a news item: title and content. */
export function FeedItemDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateFeedItem();
  const form = useSchemaForm(feedItemCreateBodySchema, {
    defaultValues: { title: '', content: '' },
  });
  const submit = form.handleSubmit((body) => create.mutate(body, { onSuccess: onClose }));

  return (
    <FormDialog
      wide
      title={t('tickets.feed.create')}
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={t('tickets.feed.publish')}
      busy={create.isPending}
    >
      <TextField
        id="feed-title"
        label={t('tickets.feed.fields.title')}
        {...fieldProps(form, 'title')}
        required
      />
      <TextAreaField
        id="feed-content"
        label={t('tickets.feed.fields.content')}
        {...fieldProps(form, 'content')}
        rows={5}
      />
    </FormDialog>
  );
}
