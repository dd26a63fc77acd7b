import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { getToken } from '@web/api/client';
import { Button } from '@web/components/button';
import { confirmEmail } from './api/confirm-email';
import { sendConfirmCode } from './api/send-confirm';
import { redirectParam } from './auth-paths';
import { AuthShell } from './auth-shell';
import { CodeEntryForm } from './code-entry-form';
import { MissingLinkPage } from './missing-link-page';
import { useStartSession } from './use-start-session';

export const CODE_SENT_TEXT = 'We sent you a new code. It can take a few minutes to arrive.';

/** /confirm-email?u={user id}&rd={redirect}: a confirmed code goes to rd or /. */
export function ConfirmEmailPage() {
  const [params, setParams] = useSearchParams();
  const userId = params.get('u');
  const rd = redirectParam(params);
  const navigate = useNavigate();
  const startSession = useStartSession();
  const signedIn = Boolean(getToken());

  async function resend() {
    const answeredId = await sendConfirmCode();
    toast.success(CODE_SENT_TEXT);
    // Coming from Settings there is no `u` yet: the answer says who we are confirming.
    if (!userId && answeredId) {
      setParams(
        (current) => {
          current.set('u', answeredId);
          return current;
        },
        { replace: true },
      );
    }
  }

  if (!userId && !signedIn) {
    return (
      <MissingLinkPage
        title="Confirm your email"
        text="This confirmation link is missing some details. Sign in and we will help you confirm your email."
        linkTo="/login"
        linkLabel="Go to sign in"
      />
    );
  }

  return (
    <AuthShell
      title="Confirm your email"
      subtitle={
        userId
          ? 'We emailed you a 4-character code. Enter it below to confirm your email address.'
          : 'Send yourself a code to confirm your email address.'
      }
    >
      {userId && (
        <CodeEntryForm
          onSubmit={(code) => confirmEmail(userId, code)}
          onSuccess={async () => {
            await startSession();
            navigate(rd ?? '/', { replace: true });
          }}
        />
      )}
      {signedIn && (
        <div className={userId ? 'mt-6 border-t border-stone-200 pt-5 text-center' : 'text-center'}>
          {userId && (
            <p className="mb-3 text-sm text-stone-600">Didn&apos;t get the email? Check your spam folder, or</p>
          )}
          <Button variant={userId ? 'secondary' : 'primary'} onClick={resend} fullWidth={!userId}>
            {userId ? 'Resend code' : 'Send code'}
          </Button>
        </div>
      )}
    </AuthShell>
  );
}
