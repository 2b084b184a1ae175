import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  type UserRecordBodySchema,
  type UserRecordKind,
  type UserRecordOf,
  useCreateUserRecord,
  useDeleteUserRecord,
  userRecordBodySchema,
  useUserRecords,
} from '../api/user-records';
import { DeletableListCard } from './deletable-list-card';
import { type DeleteValues, type RecordFieldName, userRecordViews } from './user-record-views';

interface UserRecordsProps<Kind extends UserRecordKind> {
  kind: Kind;
  userId: number;
}

/** The label of every field of every kind: `users.{kind}.fields.{name}`. */
type FieldKey = { [Kind in UserRecordKind]: `users.${Kind}.fields.${RecordFieldName<Kind>}` }[UserRecordKind];

/** The label of a kind's field, which is also its column's header. */
function useFieldText<Kind extends UserRecordKind>(kind: Kind) {
  const { t } = useTranslation();
  // A kind's field names are its own keys under `users.{kind}.fields`; TypeScript cannot pair the two.
  return (name: RecordFieldName<Kind>) => t(`users.${kind}.fields.${name}` as FieldKey);
}

/** The form under a kind's list that adds an item; it empties once the server has added it. */
function UserRecordForm<Kind extends UserRecordKind>({ kind, userId }: UserRecordsProps<Kind>) {
  const { t } = useTranslation();
  const text = useFieldText(kind);
  const view = userRecordViews[kind];
  const create = useCreateUserRecord(kind, userId);
  const schema: z.ZodType<FieldValues, FieldValues> = userRecordBodySchema<UserRecordKind>(kind);
  const form = useSchemaForm(schema, { defaultValues: view.defaultValues });
  // What the form submits is the output of the kind's own body schema, its resolver.
  const submit = form.handleSubmit((body) =>
    create.mutate(body as z.output<UserRecordBodySchema<Kind>>, { onSuccess: () => form.reset() }),
  );
  const titleId = `${view.idPrefix}-form-title`;
  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId} className="h6">
        {t(`users.${kind}.add`)}
      </h3>
      <div className="row">
        {view.inputs.map(({ name, required, type, inputMode, setValueAs }) => (
          <div className={view.inputClass} key={name}>
            <TextField
              id={`${view.idPrefix}-${name}`}
              label={text(name)}
              type={type}
              inputMode={inputMode}
              required={required}
              registration={form.register(name, setValueAs && { setValueAs })}
              error={form.getFieldState(name, form.formState).error?.message}
            />
          </div>
        ))}
      </div>
      <BusyButton type="submit" busy={create.isPending}>
        {t(`users.${kind}.submit`)}
      </BusyButton>
    </form>
  );
}

/**
 * The addresses or contacts tab (`user-record-views.tsx` says how each shows): the user's items, with a form
 * to add one and a confirm step to delete.
 */
export function UserRecords<Kind extends UserRecordKind>({ kind, userId }: UserRecordsProps<Kind>) {
  const { t } = useTranslation();
  const text = useFieldText(kind);
  const view = userRecordViews[kind];
  const { data: items, isError } = useUserRecords(kind, userId);
  const remove = useDeleteUserRecord(kind, userId);
  // Widened to every kind, the delete texts' keys and values pair up for the type check.
  const texts: UserRecordKind = kind;
  const named = (item: UserRecordOf<Kind>): DeleteValues[UserRecordKind] => view.named(item);
  return (
    <DeletableListCard
      title={t(`users.${kind}.title`)}
      columns={view.columns.map(({ name, cell }) => ({ label: text(name), cell }))}
      items={items}
      isError={isError}
      deleteLabel={(item) => t(`users.${texts}.delete`, named(item))}
      deleteTitle={t(`users.${kind}.deleteTitle`)}
      deleteText={(item) => t(`users.${texts}.deleteText`, named(item))}
      remove={remove}
    >
      <UserRecordForm key={kind} kind={kind} userId={userId} />
    </DeletableListCard>
  );
}
