import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmAppSignIn, SIGN_IN_EXPIRED_TEXT, SignInExpiredError } from './api/app-sign-in';
import { confirmLogin } from './api/two-factor';
import { AppCodeForm, APP_CODE_LABEL, type AppCodeKind } from './app-code-form';
import { afterSignIn, redirectParam } from './auth-paths';
import { AuthShell } from './auth-shell';
import { CodeEntryForm } from './code-entry-form';
import { MissingLinkPage } from './missing-link-page';
import { challengeFor, forgetChallenge } from './sign-in-challenge';
import { useStartSession } from './use-start-session';

const EXPIRED_TEXT = 'This sign-in has expired or its link is incomplete. Please sign in again.';

/**
 * /2fa?u={user id}&rd={redirect}: the mailed code returns a token, then redirect. The code goes
 * with the challenge the password step left, when this tab has it: tries that carry it count on
 * this sign-in alone, so a stranger's guesses cannot use them up.
 * With &m=app the code comes from an authenticator app (or is a recovery code), sent with the
 * challenge the password step left in sessionStorage.
 */
export function TwoFactorPage() {
  const [params] = useSearchParams();
  const userId = params.get('u');
  const rd = redirectParam(params);
  const navigate = useNavigate();
  const startSession = useStartSession();

  if (!userId) {
    return <MissingLinkPage title="Confirm Login" text={EXPIRED_TEXT} linkTo="/login" linkLabel="Back to login" />;
  }

  async function finish(answer: { token: string; redirectUrl: string }) {
    await startSession(answer.token);
    navigate(afterSignIn(rd, answer.redirectUrl), { replace: true });
  }

  if (params.get('m') === 'app') return <AppTwoFactor userId={userId} onSignedIn={finish} />;

  return (
    <AuthShell title="Confirm Login" subtitle="We emailed you a 4-character code. Enter it below to finish signing in.">
      <CodeEntryForm
        onSubmit={(code) => confirmLogin(userId, code, challengeFor(userId))}
        onSuccess={async (answer) => {
          forgetChallenge();
          await finish(answer);
        }}
      />
    </AuthShell>
  );
}

type AppTwoFactorProps = {
  userId: string;
  onSignedIn: (answer: { token: string; redirectUrl: string }) => Promise<void>;
};

function AppTwoFactor({ userId, onSignedIn }: AppTwoFactorProps) {
  const [challenge] = useState(() => challengeFor(userId));
  const [kind, setKind] = useState<AppCodeKind>('app');
  const [expired, setExpired] = useState(false);

  if (!challenge || expired) {
    return (
      <MissingLinkPage title="Confirm Login" text={SIGN_IN_EXPIRED_TEXT} linkTo="/login" linkLabel="Sign in again" />
    );
  }

  async function submit(code: string) {
    try {
      return await confirmAppSignIn({ id: userId, challenge: challenge!, code });
    } catch (error) {
      if (error instanceof SignInExpiredError) {
        forgetChallenge();
        setExpired(true);
      }
      throw error;
    }
  }

  return (
    <AuthShell
      title={kind === 'app' ? APP_CODE_LABEL : 'Use a recovery code'}
      subtitle={
        kind === 'app'
          ? 'Open your authenticator app and enter the 6-digit code it shows for Tend.'
          : 'Enter one of the recovery codes you saved when you set up the app.'
      }
    >
      <AppCodeForm
        kind={kind}
        onKindChange={setKind}
        onSubmit={submit}
        onSuccess={async (answer) => {
          forgetChallenge();
          await onSignedIn(answer);
        }}
      />
    </AuthShell>
  );
}
