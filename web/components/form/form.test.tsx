// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@web/api/client';
import { Form, INVALID_TEXT, type FormProps } from './form';
import { DEFAULT_FAIL_TEXT } from './error-text';
import { InputField } from './input-field';

afterEach(cleanup);

const Profile = z.object({ user: z.object({ name: z.string().min(1, 'Name is required') }) });
type ProfileValues = z.input<typeof Profile>;

function renderForm(props: Partial<FormProps<ProfileValues, ProfileValues, unknown>> = {}) {
  const onSubmit = props.onSubmit ?? vi.fn(async () => undefined);
  render(
    <MemoryRouter initialEntries={['/form']}>
      <Routes>
        <Route
          path="/form"
          element={
            <Form schema={Profile} defaultValues={{ user: { name: '' } }} {...props} onSubmit={onSubmit}>
              <InputField name="user.name" required />
            </Form>
          }
        />
        <Route path="/done" element={<p>Done page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { onSubmit, user: userEvent.setup(), input: screen.getByRole('textbox', { name: 'Name' }) };
}

const submitButton = (name: string | RegExp = 'Submit') => screen.getByRole('button', { name });

describe('Form states', () => {
  it('an invalid submit shows "Please check for errors" and does not call onSubmit', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(submitButton());
    expect(await screen.findByText(INVALID_TEXT)).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('fixing the values clears the invalid state', async () => {
    const { user, input } = renderForm();
    await user.click(submitButton());
    await screen.findByText(INVALID_TEXT);
    await user.type(input, 'Ada');
    await waitFor(() => expect(screen.queryByText(INVALID_TEXT)).toBeNull());
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('on-submit mode shows no errors while typing before the first submit', async () => {
    const { user, input } = renderForm();
    await user.type(input, 'A');
    await user.clear(input);
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('on-input mode shows errors while typing', async () => {
    const { user, input } = renderForm({ mode: 'onInput' });
    await user.type(input, 'A');
    await user.clear(input);
    expect(await screen.findByText('Name is required')).toBeTruthy();
  });

  it('a failed submit shows the error text and the button then reads Retry', async () => {
    const onSubmit = vi.fn().mockRejectedValueOnce(new Error('The server is tired')).mockResolvedValueOnce(undefined);
    const { user, input } = renderForm({ onSubmit });
    await user.type(input, 'Ada');
    await user.click(submitButton());
    expect(await screen.findByText('The server is tired')).toBeTruthy();
    expect(submitButton('Retry')).toBeTruthy();
    await user.click(submitButton('Retry'));
    await waitFor(() => expect(screen.queryByText('The server is tired')).toBeNull());
    expect(submitButton('Submit')).toBeTruthy();
    expect(onSubmit).toHaveBeenLastCalledWith({ user: { name: 'Ada' } });
  });

  it("a failure without a message shows 'Something went wrong'", async () => {
    const { user, input } = renderForm({ onSubmit: () => Promise.reject(new Error('')) });
    await user.type(input, 'Ada');
    await user.click(submitButton());
    expect(await screen.findByText(DEFAULT_FAIL_TEXT)).toBeTruthy();
  });

  it("shows the server's message from an API error", async () => {
    const error = new ApiError(429, 'Too Many Requests', {
      error: 'too_many_requests',
      message: 'Too many attempts. Try again in 5 minutes.',
    });
    const { user, input } = renderForm({ onSubmit: () => Promise.reject(error) });
    await user.type(input, 'Ada');
    await user.click(submitButton());
    expect(await screen.findByText('Too many attempts. Try again in 5 minutes.')).toBeTruthy();
  });

  it('shows a spinner while pending, then runs onSuccess and redirects', async () => {
    let finish: (value: string) => void = () => undefined;
    const onSuccess = vi.fn();
    const { user, input } = renderForm({
      onSubmit: () => new Promise<string>((resolve) => (finish = resolve)),
      onSuccess,
      redirectTo: '/done',
    });
    await user.type(input, 'Ada');
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBe('true'));
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    expect(submitButton().querySelector('svg.animate-spin')).not.toBeNull();
    finish('saved');
    expect(await screen.findByText('Done page')).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledWith('saved', { user: { name: 'Ada' } });
  });

  it('accepts a custom submit label', () => {
    renderForm({ submitLabel: 'Save changes' });
    expect(submitButton('Save changes')).toBeTruthy();
  });
});

describe('Form rules', () => {
  function renderWithRules(prompt?: string) {
    const onSubmit = vi.fn(async () => undefined);
    render(
      <MemoryRouter>
        <Form
          rules={[{ field: 'user.confirmPassword', isValid: (value: string) => value === 'secret', prompt }]}
          defaultValues={{ user: { confirmPassword: '' } }}
          onSubmit={onSubmit}
        >
          <InputField name="user.confirmPassword" type="password" />
        </Form>
      </MemoryRouter>,
    );
    return { onSubmit, user: userEvent.setup() };
  }

  it("uses the default prompt '<Field label>: Invalid'", async () => {
    const { user, onSubmit } = renderWithRules();
    await user.click(submitButton());
    expect(await screen.findByText('Confirm Password: Invalid')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("uses the rule's own prompt and passes once the check does", async () => {
    const { user, onSubmit } = renderWithRules('Must be the secret');
    await user.click(submitButton());
    expect(await screen.findByText('Must be the secret')).toBeTruthy();
    await user.type(screen.getByLabelText('Confirm Password'), 'secret');
    await user.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ user: { confirmPassword: 'secret' } }));
  });
});

describe('submit button guard', () => {
  it('stays disabled until canSubmit answers true', async () => {
    const { user, input } = renderForm({ canSubmit: (values) => values.user?.name === 'Ada' });
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    await user.type(input, 'Ada');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });
});
