import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ArrowDownTrayIcon, ClipboardDocumentIcon } from '@heroicons/react/24/outline';
import {
  AuthenticatorConfirmRequest,
  AuthenticatorPasswordRequest,
  type AuthenticatorSetupAnswer,
} from '@common/auth/schemas';
import { Button } from '@web/components/button';
import { Form } from '@web/components/form/form';
import { InputField } from '@web/components/form/input-field';
import {
  confirmAuthenticatorSetup,
  downloadRecoveryCodes,
  groupedKey,
  removeAuthenticatorApp,
  startAuthenticatorSetup,
  useRefreshOwnProfile,
} from './api/authenticator-app';
import clsx from 'clsx';

export const SET_UP_TEXT = 'Set up an authenticator app';
export const TURN_OFF_TEXT = 'Turn off the authenticator app';
export const APP_ON_TEXT = 'Your authenticator app is on. Signing in asks for its code after your password.';
export const APP_OFF_TEXT =
  'Use an app such as 1Password, Google Authenticator or Aegis to make a new sign-in code every 30 seconds. ' +
  'It replaces the emailed code.';
export const APP_REMOVED_TEXT = 'The authenticator app is turned off.';
export const QR_ALT = 'QR code to scan with your authenticator app';

type Step =
  | { name: 'idle' }
  | { name: 'password'; purpose: 'setup' | 'remove' }
  | { name: 'scan'; setup: AuthenticatorSetupAnswer }
  | { name: 'codes'; codes: string[] };

/** 'Authenticator app': set one up (password, scan, first code, recovery codes), or turn it off. */
export function AuthenticatorAppSection({ enabled }: { enabled: boolean }) {
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const refreshProfile = useRefreshOwnProfile();
  const back = () => setStep({ name: 'idle' });

  switch (step.name) {
    case 'password':
      return step.purpose === 'setup' ? (
        <PasswordStep
          intro="Enter your current password to set up an authenticator app."
          submitLabel="Continue"
          onSubmit={startAuthenticatorSetup}
          onDone={(setup) => setStep({ name: 'scan', setup })}
          onCancel={back}
        />
      ) : (
        <PasswordStep
          intro="Enter your current password to turn off the authenticator app. Your recovery codes stop working too."
          submitLabel={TURN_OFF_TEXT}
          onSubmit={removeAuthenticatorApp}
          onDone={async () => {
            await refreshProfile();
            toast.success(APP_REMOVED_TEXT);
            back();
          }}
          onCancel={back}
        />
      );
    case 'scan':
      return (
        <ScanStep
          setup={step.setup}
          onConfirmed={async (codes) => {
            setStep({ name: 'codes', codes });
            await refreshProfile();
          }}
          onCancel={back}
        />
      );
    case 'codes':
      return <RecoveryCodesStep codes={step.codes} onDone={back} />;
    default:
      return (
        <div className="space-y-4">
          <p className="text-sm text-stone-600">{enabled ? APP_ON_TEXT : APP_OFF_TEXT}</p>
          {enabled ? (
            <Button variant="secondary" onClick={() => setStep({ name: 'password', purpose: 'remove' })}>
              {TURN_OFF_TEXT}
            </Button>
          ) : (
            <Button onClick={() => setStep({ name: 'password', purpose: 'setup' })}>{SET_UP_TEXT}</Button>
          )}
        </div>
      );
  }
}

type PasswordStepProps<T> = {
  intro: string;
  submitLabel: string;
  onSubmit: (currentPassword: string) => Promise<T>;
  onDone: (result: T) => void | Promise<void>;
  onCancel: () => void;
};

function PasswordStep<T>({ intro, submitLabel, onSubmit, onDone, onCancel }: PasswordStepProps<T>) {
  return (
    <Form
      schema={AuthenticatorPasswordRequest}
      defaultValues={{ currentPassword: '' }}
      onSubmit={(values) => onSubmit(values.currentPassword)}
      onSuccess={onDone}
      submitLabel={submitLabel}
      aria-label="Confirm it is you"
      actions={
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      <p className="text-sm text-stone-600">{intro}</p>
      <InputField
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
      />
    </Form>
  );
}

type ScanStepProps = {
  setup: AuthenticatorSetupAnswer;
  onConfirmed: (codes: string[]) => Promise<void>;
  onCancel: () => void;
};

/** A step replaces the button that led to it: its heading takes the focus, so keyboards and screen readers follow. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function ScanStep({ setup, onConfirmed, onCancel }: ScanStepProps) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="space-y-5">
      <h3 ref={heading} tabIndex={-1} className="text-sm font-semibold text-stone-900 focus:outline-none">
        Scan the QR code
      </h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-stone-700">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan the QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={setup.qr}
          alt={QR_ALT}
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg border border-stone-200 bg-white p-2"
        />
        <div className="min-w-0 text-sm">
          <p id="authenticator-key-label" className="font-medium text-stone-900">
            Key for manual entry
          </p>
          <p className="mt-1 text-stone-600">Time-based, 6 digits, every 30 seconds.</p>
          <code
            aria-labelledby="authenticator-key-label"
            data-testid="authenticator-key"
            className={clsx(
              'mt-2 block px-3 py-2',
              'rounded-lg bg-stone-100 font-mono text-base tracking-wider text-stone-900 select-all',
            )}
          >
            {groupedKey(setup.secret)}
          </code>
        </div>
      </div>
      <Form
        schema={AuthenticatorConfirmRequest}
        defaultValues={{ code: '' }}
        onSubmit={(values) => confirmAuthenticatorSetup(values.code)}
        onSuccess={onConfirmed}
        submitLabel="Turn on"
        aria-label="Confirm the authenticator app"
        actions={
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        }
      >
        <InputField
          name="code"
          label="Code from your app"
          description="6 digits."
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          spellCheck={false}
          inputClassName="font-mono tracking-[0.2em]"
        />
      </Form>
    </div>
  );
}

function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('Could not copy. Download them, or select and copy them by hand.');
    }
  }

  return (
    <div className="space-y-4">
      <div
        role="status"
        className="rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900 ring-1 ring-inset ring-brand-100"
      >
        The authenticator app is on.
      </div>
      <div className="text-sm text-stone-700">
        <h3 ref={heading} tabIndex={-1} className="font-semibold text-stone-900 focus:outline-none">
          Save your recovery codes
        </h3>
        <p className="mt-1">
          If you lose your phone, sign in with one of these codes instead of the app&apos;s code. Each code works once.
          They are shown only now, so keep them somewhere safe.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-stone-100 p-3 font-mono text-sm text-stone-900 select-all"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" onClick={copy}>
          <ClipboardDocumentIcon className="size-4" aria-hidden="true" />
          Copy
        </Button>
        <Button variant="secondary" onClick={() => downloadRecoveryCodes(codes)}>
          <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
          Download
        </Button>
        <Button onClick={onDone} className="sm:ml-auto">
          Done
        </Button>
      </div>
    </div>
  );
}
