// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { z } from 'zod';
import { Form } from './form';
import { CheckboxField } from './checkbox-field';
import { ChoiceField } from './choice-field';
import { DateField } from './date-field';
import { InputField } from './input-field';
import { PercentageField } from './percentage-field';
import { SelectField } from './select-field';
import { ToggleField } from './toggle-field';

afterEach(cleanup);

function inForm(children: React.ReactNode, onSubmit = vi.fn(async () => undefined), defaultValues = {}) {
  render(
    <MemoryRouter>
      <Form defaultValues={defaultValues} onSubmit={onSubmit}>
        {children}
      </Form>
    </MemoryRouter>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('labels and required fields', () => {
  it('derives the label from the last part of the dotted path, or takes an override', () => {
    inForm(
      <>
        <InputField name="user.confirmPassword" type="password" />
        <InputField name="user.name" label="Your full name" />
      </>,
      undefined,
      { user: { confirmPassword: '', name: '' } },
    );
    expect(screen.getByLabelText('Confirm Password')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Your full name' })).toBeTruthy();
  });

  it('marks required fields with a hidden red asterisk and aria-required', () => {
    inForm(<InputField name="email" type="email" required />, undefined, { email: '' });
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-required')).toBe('true');
    const mark = screen.getByText('*');
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    expect(mark.className).toContain('text-red-600');
  });

  it('links the error to its input (aria-describedby, role=alert)', async () => {
    const schema = z.object({ email: z.string().email('Enter a valid email address') });
    render(
      <MemoryRouter>
        <Form schema={schema} defaultValues={{ email: 'nope' }} onSubmit={vi.fn()}>
          <InputField name="email" type="email" description="We never share it." />
        </Form>
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    const input = screen.getByRole('textbox', { name: 'Email' });
    const error = await screen.findByText('Enter a valid email address');
    expect(error.getAttribute('role')).toBe('alert');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toContain(error.id);
    expect(describedBy).toContain(screen.getByText('We never share it.').id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('percentage field', () => {
  it('strips commas and dots and blocks letter keys', async () => {
    const { user, onSubmit } = inForm(<PercentageField name="fee" />, undefined, { fee: null });
    const input = screen.getByRole('textbox', { name: 'Fee' }) as HTMLInputElement;
    await user.type(input, '1,2.5');
    expect(input.value).toBe('125');
    await user.type(input, 'abc');
    expect(input.value).toBe('125');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ fee: 125 });
  });
});

describe('other field kinds', () => {
  it('select, checkbox, toggle, choice and date fields feed the form values', async () => {
    const { user, onSubmit } = inForm(
      <>
        <SelectField name="billing.interval" options="subscriptionIntervals" placeholder="Choose one" />
        <CheckboxField name="published" />
        <ToggleField name="twoFactorEnabled" />
        <ChoiceField
          name="isFacilitator"
          label="Account type"
          choices={[
            { value: true, label: 'Facilitator', description: 'Runs a community' },
            { value: false, label: 'User' },
          ]}
        />
        <DateField name="startDate" />
      </>,
      undefined,
      { billing: { interval: null }, published: false, twoFactorEnabled: false, isFacilitator: null, startDate: null },
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interval' }), 'Annually');
    await user.click(screen.getByRole('checkbox', { name: 'Published' }));
    await user.click(screen.getByRole('switch', { name: 'Two Factor Enabled' }));
    await user.click(screen.getByRole('radio', { name: 'Facilitator' }));
    await user.type(screen.getByLabelText('Start Date'), '2025-03-14');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({
      billing: { interval: 'year' },
      published: true,
      twoFactorEnabled: true,
      isFacilitator: true,
      startDate: '2025-03-14',
    });
  });

  it('works as a controlled field outside a form', async () => {
    function Search() {
      const [query, setQuery] = useState('');
      return (
        <>
          <InputField label="Search" value={query} onChange={(value) => setQuery(String(value ?? ''))} />
          <output>{query}</output>
        </>
      );
    }
    render(<Search />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search' }), 'calm');
    expect(screen.getByRole('status').textContent).toBe('calm');
  });
});
