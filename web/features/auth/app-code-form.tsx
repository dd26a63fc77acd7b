import clsx from 'clsx';
import { z } from 'zod';
import { AppCode, RecoveryCode } from '@common/auth/schemas';
import { Form } from '@web/components/form/form';
import { InputField } from '@web/components/form/input-field';

export type AppCodeKind = 'app' | 'recovery';

export const APP_CODE_LABEL = 'Code from your authenticator app';
export const RECOVERY_CODE_LABEL = 'Recovery code';
export const USE_RECOVERY_TEXT = 'Use a recovery code instead';
export const USE_APP_TEXT = 'Use the code from your app instead';

const AppCodeEntry = z.object({ code: AppCode });
const RecoveryCodeEntry = z.object({ code: RecoveryCode });
type CodeEntryValues = { code: string };

type AppCodeFormProps<TResult> = {
  kind: AppCodeKind;
  onKindChange: (kind: AppCodeKind) => void;
  onSubmit: (code: string) => Promise<TResult>;
  onSuccess: (result: TResult) => void | Promise<void>;
};

/** The second step with an authenticator app: its 6-digit code, or one of the recovery codes. */
export function AppCodeForm<TResult>({ kind, onKindChange, onSubmit, onSuccess }: AppCodeFormProps<TResult>) {
  const isApp = kind === 'app';
  return (
    <div className="space-y-4">
      {/* a new kind is a new form: its own schema, an empty field and no leftover error */}
      <Form<CodeEntryValues, { code: string }, TResult>
        key={kind}
        schema={isApp ? AppCodeEntry : RecoveryCodeEntry}
        defaultValues={{ code: '' }}
        onSubmit={(values) => onSubmit(values.code)}
        onSuccess={onSuccess}
        submitLabel="Submit"
        fullWidthSubmit
        aria-label={isApp ? APP_CODE_LABEL : RECOVERY_CODE_LABEL}
      >
        {isApp ? (
          <InputField
            name="code"
            label={APP_CODE_LABEL}
            description="6 digits. The code changes every 30 seconds."
            required
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            spellCheck={false}
            autoFocus
            inputClassName="text-center font-mono text-2xl tracking-[0.3em] sm:text-2xl"
          />
        ) : (
          <InputField
            name="code"
            label={RECOVERY_CODE_LABEL}
            description="One of the codes you saved when you set up the app, like ABCDE-12345. Each works once."
            required
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={11}
            spellCheck={false}
            autoFocus
            inputClassName="text-center font-mono text-xl uppercase tracking-[0.15em] sm:text-xl"
          />
        )}
      </Form>
      <button
        type="button"
        onClick={() => onKindChange(isApp ? 'recovery' : 'app')}
        className={clsx(
          'w-full rounded py-2 text-center text-sm font-medium text-brand-700 underline-offset-2',
          'hover:text-brand-800 hover:underline',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        )}
      >
        {isApp ? USE_RECOVERY_TEXT : USE_APP_TEXT}
      </button>
    </div>
  );
}
