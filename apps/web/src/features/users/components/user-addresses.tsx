import {
  type Address,
  type AddressCreateBody,
  addressCreateBodySchema,
  formatPostalCode,
} from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { TextField } from '../../../components/ui/text-field';
import { translatedResolver } from '../../../lib/form-errors';
import { useCreateUserRecord, useDeleteUserRecord, useUserRecords } from '../api/user-records';
import { DeletableListCard, type ListColumn } from './deletable-list-card';

/** A postal code typed as text: empty is missing, anything else a number the schema bounds. */
const asPostalCode = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : Number(value);

function AddressForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const create = useCreateUserRecord('addresses', userId);
  const form = useForm<AddressCreateBody, unknown, z.output<typeof addressCreateBodySchema>>({
    resolver: translatedResolver(addressCreateBodySchema, t),
    // No postal code until one is typed: an empty field is 'required', not 0.
    defaultValues: { name: '', surname: '', street: '', city: '', province: '', country: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => create.mutate(body, { onSuccess: () => form.reset() }));
  const field = (name: Exclude<keyof AddressCreateBody, 'cap'>, required = true) => (
    <div className="col-sm-6 col-lg-4">
      <TextField
        id={`address-${name}`}
        label={t(`users.addresses.fields.${name}`)}
        required={required}
        registration={form.register(name)}
        error={errors[name]?.message}
      />
    </div>
  );
  return (
    <form noValidate onSubmit={submit} aria-labelledby="address-form-title">
      <h3 id="address-form-title" className="h6">
        {t('users.addresses.add')}
      </h3>
      <div className="row">
        {field('name')}
        {field('surname', false)}
        {field('street')}
        {field('city')}
        {field('province', false)}
        <div className="col-sm-6 col-lg-4">
          <TextField
            id="address-cap"
            label={t('users.addresses.fields.cap')}
            inputMode="numeric"
            required
            registration={form.register('cap', { setValueAs: asPostalCode })}
            error={errors.cap?.message}
          />
        </div>
        {field('country')}
      </div>
      <BusyButton type="submit" busy={create.isPending}>
        {t('users.addresses.submit')}
      </BusyButton>
    </form>
  );
}

/** The addresses tab: the user's addresses, with a form to add one and a confirm step to delete. */
export function UserAddresses({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data: addresses, isError } = useUserRecords('addresses', userId);
  const remove = useDeleteUserRecord('addresses', userId);
  const text = (key: keyof AddressCreateBody) => t(`users.addresses.fields.${key}`);
  const columns: ListColumn<Address>[] = [
    { label: text('name'), cell: (address) => address.name },
    { label: text('surname'), cell: (address) => address.surname || '_' },
    { label: text('street'), cell: (address) => address.street },
    { label: text('cap'), cell: (address) => formatPostalCode(address.cap) },
    { label: text('city'), cell: (address) => address.city },
    { label: text('province'), cell: (address) => address.province },
    { label: text('country'), cell: (address) => address.country },
  ];
  const where = (address: Address) => ({ street: address.street, city: address.city });

  return (
    <DeletableListCard
      title={t('users.addresses.title')}
      columns={columns}
      items={addresses}
      isError={isError}
      deleteLabel={(address) => t('users.addresses.delete', where(address))}
      deleteTitle={t('users.addresses.deleteTitle')}
      deleteText={(address) => t('users.addresses.deleteText', where(address))}
      remove={remove}
    >
      <AddressForm userId={userId} />
    </DeletableListCard>
  );
}
