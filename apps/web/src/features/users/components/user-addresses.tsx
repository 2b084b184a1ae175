import {
  type Address,
  type AddressCreateBody,
  addressCreateBodySchema,
  formatPostalCode,
} from '@portal/contract';
import { useState } from 'react';
import { Button, Card, Spinner, Table } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { TextField } from '../../../components/ui/text-field';
import { translatedResolver } from '../../../lib/form-errors';
import { useCreateAddress } from '../api/create-address';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { ListState } from './list-state';

/** A postal code typed as text: empty is missing, anything else a number the schema bounds. */
const asPostalCode = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : Number(value);

function AddressForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const create = useCreateAddress(userId);
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
      <Button type="submit" disabled={create.isPending}>
        {create.isPending && (
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        {t('users.addresses.submit')}
      </Button>
    </form>
  );
}

/** The addresses tab: the user's addresses, with a form to add one and a confirm step to delete. */
export function UserAddresses({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data: addresses, isError } = useAddresses(userId);
  const remove = useDeleteAddress(userId);
  const [deleting, setDeleting] = useState<Address | null>(null);

  return (
    <Card>
      <Card.Header as="h2" className="h5">
        {t('users.addresses.title')}
      </Card.Header>
      <Card.Body>
        <ScrollRegion label={t('users.addresses.title')}>
          <Table striped hover className="align-middle" aria-busy={addresses === undefined}>
            <caption className="visually-hidden">{t('users.addresses.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('users.addresses.fields.name')}</th>
                <th scope="col">{t('users.addresses.fields.surname')}</th>
                <th scope="col">{t('users.addresses.fields.street')}</th>
                <th scope="col">{t('users.addresses.fields.cap')}</th>
                <th scope="col">{t('users.addresses.fields.city')}</th>
                <th scope="col">{t('users.addresses.fields.province')}</th>
                <th scope="col">{t('users.addresses.fields.country')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('users.table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              <ListState columns={8} items={addresses} isError={isError} />
              {addresses?.map((address) => (
                <tr key={address.id}>
                  <td>{address.name}</td>
                  <td>{address.surname || '_'}</td>
                  <td>{address.street}</td>
                  <td>{formatPostalCode(address.cap)}</td>
                  <td>{address.city}</td>
                  <td>{address.province}</td>
                  <td>{address.country}</td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setDeleting(address)}
                      aria-label={t('users.addresses.delete', { street: address.street, city: address.city })}
                    >
                      <i className="bi bi-trash" aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollRegion>
        <AddressForm userId={userId} />
      </Card.Body>
      <ConfirmDialog
        show={deleting !== null}
        title={t('users.addresses.deleteTitle')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        {deleting && t('users.addresses.deleteText', { street: deleting.street, city: deleting.city })}
      </ConfirmDialog>
    </Card>
  );
}
