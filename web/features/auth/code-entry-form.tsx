import { z } from 'zod';
import { CODE_LENGTH, normaliseCode, VerificationCode } from '@common/auth/schemas';
import { Form } from '@web/components/form/form';
import { BindField } from '@web/components/form/field-binding';
import { FramedInput } from '@web/components/form/input-field';

const CodeEntry = z.object({ code: VerificationCode });
type CodeEntryValues = z.input<typeof CodeEntry>;

/** The code input strips hyphens and dots; codes have 4 characters. */
export const cleanCode = (raw: string) => normaliseCode(raw).slice(0, CODE_LENGTH);

type CodeEntryFormProps<TResult> = {
  onSubmit: (code: string) => Promise<TResult>;
  onSuccess: (result: TResult) => void | Promise<void>;
};

/** The 4-character code entry shared by email confirmation and two-factor sign-in. */
export function CodeEntryForm<TResult>({ onSubmit, onSuccess }: CodeEntryFormProps<TResult>) {
  return (
    <Form<CodeEntryValues, z.output<typeof CodeEntry>, TResult>
      schema={CodeEntry}
      defaultValues={{ code: '' }}
      onSubmit={(values) => onSubmit(values.code)}
      onSuccess={onSuccess}
      fullWidthSubmit
    >
      <BindField<string>
        field={{ name: 'code', label: 'Verification code' }}
        render={(field) => (
          <FramedInput
            field={field}
            display={field.value ?? ''}
            frame={{ required: true, description: `${CODE_LENGTH} characters, from the email we sent you.` }}
            input={{
              type: 'text',
              autoComplete: 'one-time-code',
              autoCapitalize: 'characters',
              spellCheck: false,
              autoFocus: true,
              // The left padding balances the letter spacing after the last character.
              className:
                'pl-[calc(0.75rem+0.5em)] text-center font-mono text-2xl tracking-[0.5em] uppercase sm:text-2xl',
            }}
            toValue={cleanCode}
          />
        )}
      />
    </Form>
  );
}
