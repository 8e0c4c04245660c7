import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Modal, TextInput } from '@mantine/core';
import { z } from 'zod';
import { ApiError } from '../api/http';
import { FormFooter } from '../components/FormFooter';
import { ModalFooter } from '../components/ModalFooter';
import { renderAt } from '../test/utils';
import { useContractForm } from './contractForm';
import { notifyError } from './notify';
import { useSubmit } from './useSubmit';
import { useErrorToken } from './validation';

const schema = z.object({ name: z.string().trim().min(1), email: z.string().email() });
type Values = { name: string; email: string };

function Page({ save, done }: { save: (v: Values) => Promise<{ name: string }>; done: () => void }) {
  const errorText = useErrorToken();
  const form = useContractForm<Values>(schema, { initialValues: { name: 'Asha', email: 'asha@example.org' } });
  const submit = useSubmit({ form, save, saved: (r) => `Saved ${r.name}`, done, errorToast: true, invalidAlert: true });
  return (
    <form noValidate aria-label="Person" onSubmit={submit.onSubmit}>
      <TextInput label="Name" {...form.getInputProps('name')} error={errorText(form.errors.name)} />
      <TextInput label="Email" {...form.getInputProps('email')} error={errorText(form.errors.email)} />
      <FormFooter failure={submit.failure} cancelTo="/">
        <Button type="submit" loading={submit.pending}>
          Save
        </Button>
      </FormFooter>
    </form>
  );
}

describe('useSubmit', () => {
  it('saves: a green toast with the text, then done', async () => {
    const done = vi.fn();
    renderAt(<Page save={async (v) => ({ name: v.name })} done={done} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved Asha')).toBeInTheDocument();
    expect(done).toHaveBeenCalledOnce();
  });

  it('maps a refusal naming its field onto the field, focuses it, and shows the failure above the buttons and in a toast', async () => {
    const done = vi.fn();
    const refusal = new ApiError('http', { status: 409, code: 'CONFLICT', reason: 'email_taken', field: 'email' });
    renderAt(<Page save={() => Promise.reject(refusal)} done={done} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const text = 'An account of this kind with this email already exists in this school.';
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(text));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus());
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Please correct the highlighted fields.');
    expect(await screen.findAllByText(text)).not.toHaveLength(0);
    expect(done).not.toHaveBeenCalled();
  });

  it('a form the browser refuses says so and focuses the first field in error, without a call', async () => {
    const save = vi.fn();
    renderAt(<Page save={save} done={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(save).not.toHaveBeenCalled();
  });
});

function Confirm({ save }: { save: () => Promise<unknown> }) {
  const submit = useSubmit({ save, failTitle: 'Could not update' });
  return (
    <Modal opened onClose={() => {}} title="Edit">
      <ModalFooter failure={submit.failure} onCancel={() => {}} label="Save changes" onConfirm={() => void submit.run(undefined)} pending={submit.pending} />
    </Modal>
  );
}

describe('ModalFooter and a formless submit', () => {
  it('shows the failure under its title, with Cancel beside the action', async () => {
    renderAt(<Confirm save={() => Promise.reject(new ApiError('network'))} />);
    expect(await screen.findByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not update');
    expect(alert).toHaveTextContent('No response received from server');
  });
});

describe('notifyError', () => {
  it('toasts the error by its code, under a title', async () => {
    renderAt(<div />);
    notifyError(new ApiError('http', { status: 409, code: 'CONFLICT' }), 'Delete failed');
    expect(await screen.findByText('Delete failed')).toBeInTheDocument();
    expect(screen.getByText('This conflicts with existing data.')).toBeInTheDocument();
  });
});
