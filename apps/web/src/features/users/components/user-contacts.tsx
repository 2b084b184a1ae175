import { type Contact, type ContactCreateBody, contactCreateBodySchema } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { EmailAddress } from '../../../components/ui/email-address';
import { TextField } from '../../../components/ui/text-field';
import { translatedResolver } from '../../../lib/form-errors';
import { useCreateUserRecord, useDeleteUserRecord, useUserRecords } from '../api/user-records';
import { DeletableListCard, type ListColumn } from './deletable-list-card';

function ContactForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const create = useCreateUserRecord('contacts', userId);
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
      <BusyButton type="submit" busy={create.isPending}>
        {t('users.contacts.submit')}
      </BusyButton>
    </form>
  );
}

const fullName = (contact: Contact) => `${contact.name} ${contact.surname || '_'}`;

/** The contacts tab: the user's contacts, with a form to add one and a confirm step to delete. */
export function UserContacts({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data: contacts, isError } = useUserRecords('contacts', userId);
  const remove = useDeleteUserRecord('contacts', userId);
  const columns: ListColumn<Contact>[] = [
    { label: t('users.contacts.fields.name'), cell: (contact) => contact.name },
    { label: t('users.contacts.fields.surname'), cell: (contact) => contact.surname || '_' },
    {
      label: t('users.contacts.fields.email'),
      cell: (contact) => contact.email && <EmailAddress email={contact.email} />,
    },
    { label: t('users.contacts.fields.phone'), cell: (contact) => contact.phone },
  ];

  return (
    <DeletableListCard
      title={t('users.contacts.title')}
      columns={columns}
      items={contacts}
      isError={isError}
      deleteLabel={(contact) => t('users.contacts.delete', { name: fullName(contact) })}
      deleteTitle={t('users.contacts.deleteTitle')}
      deleteText={(contact) => t('users.contacts.deleteText', { name: fullName(contact) })}
      remove={remove}
    >
      <ContactForm userId={userId} />
    </DeletableListCard>
  );
}
