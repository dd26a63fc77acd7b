import { useState } from 'react';
import { Link } from 'react-router';
import { EnvelopeIcon } from '@heroicons/react/24/outline';
import { RequestResetRequest } from '@common/auth/schemas';
import { Form } from '@web/components/form/form';
import { InputField } from '@web/components/form/input-field';
import { requestReset } from './api/request-reset';
import { AuthConfirmation, AuthShell, authLinkStyles } from './auth-shell';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Both fields present and equal enable the button. */
export const canSendReset = ({ email, confirmEmail }: { email?: string; confirmEmail?: string }) =>
  Boolean(email?.trim() && confirmEmail?.trim() && sameEmail(email, confirmEmail));

/** /request-reset: ask for a password reset link. */
export function RequestResetPage() {
  const [sentTo, setSentTo] = useState<string>();

  if (sentTo !== undefined) {
    return (
      <AuthConfirmation
        title="Instructions for Password Reset Sent!"
        icon={EnvelopeIcon}
        linkTo="/login"
        linkLabel="Back to login"
      >
        <div className="space-y-3 text-sm leading-6 text-stone-700">
          <p>
            If an account exists for <span className="font-medium break-all text-stone-900">{sentTo}</span>, we have
            sent instructions to reset your password.
          </p>
          <p>They should arrive within 5 minutes. If you cannot find them, please check your spam folder.</p>
        </div>
      </AuthConfirmation>
    );
  }

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      below={
        <Link to="/login" className={authLinkStyles}>
          Back to login
        </Link>
      }
    >
      <Form
        schema={RequestResetRequest}
        defaultValues={{ email: '', confirmEmail: '' }}
        onSubmit={requestReset}
        onSuccess={(_, values) => setSentTo(values.email)}
        canSubmit={canSendReset}
        submitLabel="Send reset link"
        fullWidthSubmit
        aria-label="Request a password reset"
      >
        <InputField name="email" type="email" autoComplete="email" spellCheck={false} required />
        <InputField name="confirmEmail" type="email" autoComplete="email" spellCheck={false} required />
      </Form>
    </AuthShell>
  );
}
