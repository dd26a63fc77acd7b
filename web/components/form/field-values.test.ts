// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/api/client';
import { fromDateInputValue, toDateInputValue } from './date-values';
import { DEFAULT_FAIL_TEXT, formErrorText, OFFLINE_TEXT } from './error-text';
import { cleanPercentageInput, percentageValue } from './percentage';
import { defaultPrompt, ruleErrors } from './rules';

describe('percentage input', () => {
  it('strips commas and dots (and anything else that is not a digit)', () => {
    expect(cleanPercentageInput('1,250.5')).toBe('12505');
    expect(cleanPercentageInput('12%')).toBe('12');
    expect(percentageValue('')).toBeNull();
    expect(percentageValue('0.5')).toBe(5);
  });
});

describe('date inputs', () => {
  it('shows plain days as they are and timestamps in local time', () => {
    expect(toDateInputValue('2025-03-14', false)).toBe('2025-03-14');
    expect(toDateInputValue(null, true)).toBe('');
    expect(toDateInputValue('not a date', false)).toBe('');
    const local = new Date(2025, 2, 14, 9, 30);
    expect(toDateInputValue(local.toISOString(), true)).toBe('2025-03-14T09:30');
    expect(fromDateInputValue('2025-03-14T09:30', true)).toBe(local.toISOString());
    expect(fromDateInputValue('', false)).toBeNull();
  });
});

describe('form error text', () => {
  it("shows the server's message (the catalogue text or the refusal's specifics), else the error's, else the default", () => {
    expect(
      formErrorText(
        new ApiError(429, 'Too Many Requests', { error: 'too_many_requests', message: 'Slow down, please.' }),
      ),
    ).toBe('Slow down, please.');
    expect(
      formErrorText(new ApiError(401, 'Unauthorized', { error: 'unauthorized', message: 'You need to sign in' })),
    ).toBe('You need to sign in');
    expect(formErrorText(new ApiError(400, 'Bad Request', { error: 'bad_input', message: 'Name is too long' }))).toBe(
      'Name is too long',
    );
    expect(formErrorText(new ApiError(409, 'Conflict', { error: 'email_in_use' }))).toBe('Conflict');
    expect(formErrorText(new TypeError('Failed to fetch'))).toBe(OFFLINE_TEXT);
    expect(formErrorText(undefined)).toBe(DEFAULT_FAIL_TEXT);
  });
});

describe('rules', () => {
  it("apply to dotted paths with the default prompt '<Field label>: Invalid'", () => {
    expect(defaultPrompt('user.memberCap')).toBe('Member Cap: Invalid');
    const errors = ruleErrors({ user: { memberCap: -1 } }, [
      { field: 'user.memberCap', isValid: (v: number) => v > 0 },
    ]);
    expect(errors).toEqual({ user: { memberCap: { type: 'rule', message: 'Member Cap: Invalid' } } });
  });
});
