import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_CHECKS, loginRequest } from '@common/auth/login-checks';
import { Form } from '@web/components/form/form';
import { InputField } from '@web/components/form/input-field';
import { login, type LoginOutcome } from './api/login';
import { afterSignIn, redirectParam, withQuery } from './auth-paths';
import { AuthShell, authLinkStyles } from './auth-shell';
import { keepChallenge } from './sign-in-challenge';
import { useStartSession } from './use-start-session';

/**
 * /login: email and password; two-factor accounts continue at /2fa (`m=app` for an
 * authenticator app).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const rd = redirectParam(params);
  const navigate = useNavigate();
  const startSession = useStartSession();

  async function continueAfter(outcome: LoginOutcome) {
    if (outcome.kind === 'twoFactor') {
      if (outcome.challenge) keepChallenge(outcome.userId, outcome.challenge);
      navigate(withQuery('/2fa', { u: outcome.userId, rd, m: outcome.method === 'app' ? 'app' : undefined }));
      return;
    }
    await startSession(outcome.token);
    navigate(afterSignIn(rd, outcome.redirectUrl), { replace: true });
  }

  return (
    <AuthShell
      title="Sign in"
      subtitle="Welcome back. Sign in to continue your practice."
      below={
        <>
          Don&apos;t have an account?{' '}
          <Link to={withQuery('/register', { rd })} className={authLinkStyles}>
            Register
          </Link>
        </>
      }
    >
      {/* the two fields checked without zod, as LoginRequest checks them (/login's JavaScript) */}
      <Form
        rules={LOGIN_CHECKS}
        defaultValues={{ user: { email: '', password: '' } }}
        onSubmit={({ user }) => login(loginRequest(user.email, user.password))}
        onSuccess={continueAfter}
        submitLabel="Sign in"
        fullWidthSubmit
        aria-label="Sign in"
      >
        <InputField name="user.email" type="email" autoComplete="email" spellCheck={false} required />
        <div>
          <InputField name="user.password" type="password" autoComplete="current-password" required />
          <div className="mt-2 text-right text-sm">
            <Link to="/request-reset" className={authLinkStyles}>
              Forgot your password?
            </Link>
          </div>
        </div>
      </Form>
    </AuthShell>
  );
}
