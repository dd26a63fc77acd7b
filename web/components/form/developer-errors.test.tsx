// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Button } from '../button';
import { bindField, HELPER_MISSING_UPDATE, HELPER_MISSING_VALUES } from './bind-field';
import { CheckboxField } from './checkbox-field';
import { MISSING_UPDATE, MISSING_VALUE } from './field-binding';
import { InputField } from './input-field';
import { SelectField, type SelectFieldProps } from './select-field';

// The developer-error texts are matched word for word, as the product shows them.
beforeEach(() => {
  // React reports render errors on the console before rethrowing them; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderThrows = (element: ReactElement) => expect(() => render(element));

describe('developer errors', () => {
  it("'Button is missing an click handler' for a non-submit button without onClick", () => {
    renderThrows(<Button>Save</Button>).toThrow('Button is missing an click handler');
    expect(() => render(<Button type="submit">Save</Button>)).not.toThrow();
    expect(() => render(<Button onClick={() => undefined}>Save</Button>)).not.toThrow();
  });

  it("'InputField is missing a value definition' outside a form without a value", () => {
    expect(MISSING_VALUE).toBe('InputField is missing a value definition');
    renderThrows(<InputField label="Name" onChange={() => undefined} />).toThrow(MISSING_VALUE);
    renderThrows(<CheckboxField label="Agree" onChange={() => undefined} />).toThrow(MISSING_VALUE);
  });

  it("'Input field is missing an update function' for a value without an update", () => {
    expect(MISSING_UPDATE).toBe('Input field is missing an update function');
    renderThrows(<InputField label="Name" value="Ada" />).toThrow(MISSING_UPDATE);
  });

  it("'SelectField is missing a valid options definition' without options", () => {
    const broken = { label: 'Interval', value: null, onChange: () => undefined } as unknown as SelectFieldProps;
    renderThrows(<SelectField {...broken} />).toThrow('SelectField is missing a valid options definition');
    renderThrows(<SelectField {...broken} options={[{ nope: 1 }] as never} />).toThrow(
      'SelectField is missing a valid options definition',
    );
  });

  it('form helpers throw when the values or the update definition is missing', () => {
    expect(() => bindField(undefined, () => undefined, 'user.email')).toThrow(HELPER_MISSING_VALUES);
    expect(() => bindField({ user: { email: '' } }, undefined, 'user.email')).toThrow(HELPER_MISSING_UPDATE);
    const update = vi.fn();
    const values = { user: { email: 'a@b.c' } };
    const bound = bindField(values, update, 'user.email');
    expect(bound.value).toBe('a@b.c');
    bound.onChange('x@y.z');
    expect(update).toHaveBeenCalledWith({ user: { email: 'x@y.z' } });
    expect(values.user.email).toBe('a@b.c');
  });
});
