// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { FormDialog, type FormDialogProps } from './form-dialog';

/** A dialog with a read-only field first, then a required name, as a screen would write it. */
function NameDialog({ onSave, ...props }: Partial<FormDialogProps> & { onSave: (name: string) => void }) {
  const form = useForm<{ code: string; name: string }>({ defaultValues: { code: 'A-1', name: '' } });
  const message = form.formState.errors.name?.message;
  return (
    <FormDialog
      title="New machine"
      submitLabel="Create"
      onCancel={() => undefined}
      onSubmit={form.handleSubmit(({ name }) => onSave(name))}
      {...props}
    >
      <label htmlFor="code">Code</label>
      <input id="code" readOnly {...form.register('code')} />
      <label htmlFor="name">Name</label>
      <input id="name" {...form.register('name', { required: 'Name is required' })} />
      {message && <p>{message}</p>}
    </FormDialog>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'New machine' });

describe('FormDialog', () => {
  beforeAll(async () => {
    // The public catalog only, in the language the other tests of the worker use: texts are compared through t.
    await initI18n('it');
  });
  afterEach(cleanup);

  it('is a dialog named by its title, with the fields, cancel and submit', async () => {
    const onCancel = vi.fn();
    render(<NameDialog onSave={() => undefined} onCancel={onCancel} />);
    const form = within(dialog());
    expect(form.getByRole('heading', { name: 'New machine' })).toBeTruthy();
    expect(form.getByLabelText('Name')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: i18n.t('common.cancel') }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(form.getByRole('button', { name: 'Create' }).getAttribute('type')).toBe('submit');
  });

  it('puts the focus on the first field that takes input once open', async () => {
    render(<NameDialog onSave={() => undefined} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('leaves the focus to the caller that asks for another field', async () => {
    const onEntered = vi.fn(() => (document.getElementById('code') as HTMLInputElement).focus());
    render(<NameDialog onSave={() => undefined} onEntered={onEntered} />);
    await waitFor(() => expect(onEntered).toHaveBeenCalled());
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
  });

  it('submits with Enter through the form library, which keeps a wrong form back and focuses its field', async () => {
    const onSave = vi.fn();
    render(<NameDialog onSave={onSave} />);
    const name = screen.getByLabelText('Name');
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    await screen.findByText('Name is required');
    expect(onSave).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'Prusa' } });
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('Prusa'));
  });

  it('disables both buttons while the form is sent', () => {
    render(<NameDialog onSave={() => undefined} busy />);
    const form = within(dialog());
    expect(form.getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(true);
    expect(form.getByRole('button', { name: i18n.t('common.cancel') }).hasAttribute('disabled')).toBe(true);
  });

  it('says a failure once, inside the dialog, as an alert', () => {
    const { rerender } = render(<NameDialog onSave={() => undefined} />);
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    rerender(<NameDialog onSave={() => undefined} error="The board refused the name." />);
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(dialog().contains(alerts[0] as Node)).toBe(true);
    expect(alerts[0]?.textContent).toBe('The board refused the name.');
  });
});
