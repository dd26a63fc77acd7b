import { get, set, type FieldErrors, type FieldValues, type Resolver, type ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { labelFromPath } from '@common/forms/labels';

/** A rule names a field (dotted path), a validity check and a prompt. */
export type Rule<TValues extends FieldValues = FieldValues> = {
  field: string;
  // Method syntax on purpose: a check may declare the value type it expects (`(v: string) => ...`).
  isValid(value: unknown, values: TValues): boolean;
  prompt?: string;
};

/** The default prompt: '<Field label>: Invalid'. */
export const defaultPrompt = (field: string) => `${labelFromPath(field)}: Invalid`;

/** Applies the rules to raw form values; a field keeps the first error it got. */
export function ruleErrors<TValues extends FieldValues>(
  values: TValues,
  rules: readonly Rule<TValues>[],
  errors: FieldErrors<TValues> = {},
): FieldErrors<TValues> {
  for (const rule of rules) {
    if (get(errors, rule.field)) continue;
    if (rule.isValid(get(values, rule.field), values)) continue;
    set(errors, rule.field, { type: 'rule', message: rule.prompt ?? defaultPrompt(rule.field) });
  }
  return errors;
}

/** One resolver from a zod schema (shared with the server, CONVENTIONS.md) and/or a rule list. */
export function buildResolver<TValues extends FieldValues, TOut>(
  schema: z.core.$ZodType<TOut, TValues> | undefined,
  rules: readonly Rule<TValues>[] = [],
): Resolver<TValues, unknown, TOut> | undefined {
  if (!schema && rules.length === 0) return undefined;
  // Loaded when the form mounts, not with this module: a form without a schema (the sign-in form)
  // brings no zod to its page (the login route's JavaScript).
  const bySchema = schema
    ? import('@hookform/resolvers/zod').then(
        ({ zodResolver }) => zodResolver(schema) as unknown as Resolver<TValues, unknown, TOut>,
      )
    : undefined;
  return async (values, context, options) => {
    const base: ResolverResult<TValues, TOut> = bySchema
      ? await (await bySchema)(values, context, options)
      : { values: values as unknown as TOut, errors: {} };
    const errors = ruleErrors(values, rules, { ...(base.errors as FieldErrors<TValues>) });
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return base;
  };
}

/**
 * A `common/` schema for a form whose raw field values differ from the schema's input by design
 * (a number field holds a string until zod coerces it): the one place that re-types a schema's
 * input as the form's values.
 */
export const formSchema = <TOut, TValues>(schema: z.ZodType<TOut>): z.ZodType<TOut, TValues> =>
  schema as unknown as z.ZodType<TOut, TValues>;
