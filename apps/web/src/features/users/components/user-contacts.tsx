import { type Contact, type ContactCreateBody, contactCreateBodySchema } from '@portal/contract';
import { useState } from 'react';
import { Button, Card, Spinner, Table } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmailAddress } from '../../../components/ui/email-address';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { TextField } from '../../../components/ui/text-field';
import { translatedResolver } from '../../../lib/form-errors';
import { useCreateContact } from '../api/create-contact';
import { useDeleteContact } from '../api/delete-contact';
import { useContacts } from '../api/get-contacts';
import { ListState } from './list-state';

function ContactForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const create = useCreateContact(userId);
  const form = useForm<ContactCreateBody, unknown, z.output<typeof contactCreateBodySchema>>({
    resolver: translatedResolver(contactCreateBodySchema, t),
    defaultValues: { name: '', surname: '', email: '', phone: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => create.mutate(body, { onSuccess: () => form.reset() }));
  return (
    <form noValidate onSubmit={submit} aria-labelledby="contact-form-title">
      <h3 id="contact-form-title" className="h6">
        {t('users.contacts.add')}
      </h3>
      <div className="row">
        <div className="col-sm-6">
          <TextField
            id="contact-name"
            label={t('users.contacts.fields.name')}
            required
            registration={form.register('name')}
            error={errors.name?.message}
          />
        </div>
        <div className="col-sm-6">
          <TextField
            id="contact-surname"
            label={t('users.contacts.fields.surname')}
            registration={form.register('surname')}
            error={errors.surname?.message}
          />
        </div>
        <div className="col-sm-6">
          <TextField
            id="contact-email"
            label={t('users.contacts.fields.email')}
            type="email"
            registration={form.register('email')}
            error={errors.email?.message}
          />
        </div>
        <div className="col-sm-6">
          <TextField
            id="contact-phone"
            label={t('users.contacts.fields.phone')}
            inputMode="tel"
            registration={form.register('phone')}
            error={errors.phone?.message}
          />
        </div>
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending && (
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        {t('users.contacts.submit')}
      </Button>
    </form>
  );
}

const fullName = (contact: Contact) => `${contact.name} ${contact.surname || '_'}`;

/** The contacts tab: the user's contacts, with a form to add one and a confirm step to delete. */
export function UserContacts({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data: contacts, isError } = useContacts(userId);
  const remove = useDeleteContact(userId);
  const [deleting, setDeleting] = useState<Contact | null>(null);

  return (
    <Card>
      <Card.Header as="h2" className="h5">
        {t('users.contacts.title')}
      </Card.Header>
      <Card.Body>
        <ScrollRegion label={t('users.contacts.title')}>
          <Table striped hover className="align-middle" aria-busy={contacts === undefined}>
            <caption className="visually-hidden">{t('users.contacts.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('users.contacts.fields.name')}</th>
                <th scope="col">{t('users.contacts.fields.surname')}</th>
                <th scope="col">{t('users.contacts.fields.email')}</th>
                <th scope="col">{t('users.contacts.fields.phone')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('users.table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              <ListState columns={5} items={contacts} isError={isError} />
              {contacts?.map((contact) => (
                <tr key={contact.id}>
                  <td>{contact.name}</td>
                  <td>{contact.surname || '_'}</td>
                  <td>{contact.email && <EmailAddress email={contact.email} />}</td>
                  <td>{contact.phone}</td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setDeleting(contact)}
                      aria-label={t('users.contacts.delete', { name: fullName(contact) })}
                    >
                      <i className="bi bi-trash" aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollRegion>
        <ContactForm userId={userId} />
      </Card.Body>
      <ConfirmDialog
        show={deleting !== null}
        title={t('users.contacts.deleteTitle')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        {deleting && t('users.contacts.deleteText', { name: fullName(deleting) })}
      </ConfirmDialog>
    </Card>
  );
}
