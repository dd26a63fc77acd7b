import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckIcon } from '@heroicons/react/24/outline';
import { z } from 'zod';
import { Password } from '@common/auth/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { Form } from '@web/components/form/form';
import { InputField } from '@web/components/form/input-field';
import { resetPassword } from './api/reset-password';
import { AuthShell } from './auth-shell';
import { MissingLinkNotice } from './missing-link-notice';

const NewPassword = z.object({ password: Password, confirmPassword: z.string() });

/** spec 01 §5: both fields present and equal enable the button. */
export const canResetPassword = ({ password, confirmPassword }: { password?: string; confirmPassword?: string }) =>
  Boolean(password && confirmPassword && password === confirmPassword);

/** /passwordReset?token=..&id=.. (spec 01 §2): choose a new password from the emailed link. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const id = params.get('id');
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <AuthShell
        title="Your password has been reset"
        icon={
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <CheckIcon aria-hidden="true" className="size-6" />
          </span>
        }
      >
        <p className="text-sm leading-6 text-stone-700">You can now sign in with your new password.</p>
        <Link to="/login" className={`${buttonStyles({ fullWidth: true })} mt-6`}>
          Sign in
        </Link>
      </AuthShell>
    );
  }

  if (!token || !id) {
    return (
      <AuthShell title="Choose a new password">
        <MissingLinkNotice
          text="This reset link is incomplete. Please open the link from your email again, or ask for a new one."
          linkTo="/request-reset"
          linkLabel="Ask for a new link"
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Choose a new password" subtitle="Pick a password you do not use anywhere else.">
      <Form
        schema={NewPassword}
        defaultValues={{ password: '', confirmPassword: '' }}
        onSubmit={(values) => resetPassword({ ...values, token, id })}
        onSuccess={() => setDone(true)}
        canSubmit={canResetPassword}
        submitLabel="Reset password"
        fullWidthSubmit
        aria-label="Choose a new password"
      >
        <InputField
          name="password"
          type="password"
          autoComplete="new-password"
          description="At least 8 characters. Avoid common passwords."
          required
        />
        <InputField name="confirmPassword" type="password" autoComplete="new-password" required />
      </Form>
    </AuthShell>
  );
}
