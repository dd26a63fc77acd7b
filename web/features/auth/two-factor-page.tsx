import { useNavigate, useSearchParams } from 'react-router';
import { confirmLogin } from './api/two-factor';
import { afterSignIn, redirectParam } from './auth-paths';
import { AuthShell } from './auth-shell';
import { CodeEntryForm } from './code-entry-form';
import { MissingLinkPage } from './missing-link-page';
import { useStartSession } from './use-start-session';

/** /2fa?u={user id}&rd={redirect} (spec 01 §2, §4): the code returns a token, then redirect. */
export function TwoFactorPage() {
  const [params] = useSearchParams();
  const userId = params.get('u');
  const rd = redirectParam(params);
  const navigate = useNavigate();
  const startSession = useStartSession();

  if (!userId) {
    return (
      <MissingLinkPage
        title="Confirm Login"
        text="This sign-in has expired or its link is incomplete. Please sign in again."
        linkTo="/login"
        linkLabel="Back to login"
      />
    );
  }

  return (
    <AuthShell title="Confirm Login" subtitle="We emailed you a 4-character code. Enter it below to finish signing in.">
      <CodeEntryForm
        onSubmit={(code) => confirmLogin(userId, code)}
        onSuccess={async (answer) => {
          await startSession(answer.token);
          navigate(afterSignIn(rd, answer.redirectUrl), { replace: true });
        }}
      />
    </AuthShell>
  );
}
