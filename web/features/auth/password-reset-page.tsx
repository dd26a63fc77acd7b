import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CheckIcon } from '@heroicons/react/24/outline';
import { z } from 'zod';
import { Password } from '@common/auth/schemas';
import { Form } from '@web/components/form/form';
import { resetPassword } from './api/reset-password';
import { AuthConfirmation, AuthShell } from './auth-shell';
import { MissingLinkPage } from './missing-link-page';
import { NewPasswordFields } from './new-password-fields';

const NewPassword = z.object({ password: Password, confirmPassword: z.string() });

/** Both fields present and equal enable the button. */
export const canResetPassword = ({ password, confirmPassword }: { password?: string; confirmPassword?: string }) =>
  Boolean(password && confirmPassword && password === confirmPassword);

/** /passwordReset?token=..&id=..: choose a new password from the emailed link. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const id = params.get('id');
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <AuthConfirmation title="Your password has been reset" icon={CheckIcon} linkTo="/login" linkLabel="Sign in">
        <p className="text-sm leading-6 text-stone-700">You can now sign in with your new password.</p>
      </AuthConfirmation>
    );
  }

  if (!token || !id) {
    return (
      <MissingLinkPage
        title="Choose a new password"
        text="This reset link is incomplete. Please open the link from your email again, or ask for a new one."
        linkTo="/request-reset"
        linkLabel="Ask for a new link"
      />
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
        <NewPasswordFields />
      </Form>
    </AuthShell>
  );
}
