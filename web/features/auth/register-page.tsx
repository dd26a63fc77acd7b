import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { RegisterUser } from '@common/auth/schemas';
import { Form } from '@web/components/form/form';
import { CheckboxField } from '@web/components/form/checkbox-field';
import { ChoiceField } from '@web/components/form/choice-field';
import { InputField } from '@web/components/form/input-field';
import type { Rule } from '@web/components/form/rules';
import { register, type Registration } from './api/register';
import { redirectParam, withQuery } from './auth-paths';
import { AuthShell, authLinkStyles } from './auth-shell';
import { NewPasswordFields } from './new-password-fields';
import { useStartSession } from './use-start-session';
import { useBrand } from '@web/components/brand';
import { forgetReferral, keepReferral, referralToSend } from '@web/app/referral-capture';

type RegisterValues = Omit<z.input<typeof RegisterUser>, 'isFacilitator' | 'tos'> & {
  isFacilitator: boolean | null;
  tos: boolean;
};

const ACCOUNT_KINDS = [
  { value: true, label: 'Facilitator', description: 'I share practices and run a community.' },
  { value: false, label: 'User', description: 'I follow a practice and join communities.' },
];

// The schema checks the pair only once every field is valid; this rule answers while typing.
const rules: Rule<RegisterValues>[] = [
  { field: 'confirmPassword', isValid: (value, values) => value === values.password, prompt: 'Passwords do not match' },
];

/** /register: query r = referral, c = client, rd = where to go afterwards. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const rd = redirectParam(params);
  const navigate = useNavigate();
  const startSession = useStartSession();

  // the first referral code this browser saw within 30 days, else this address's (app/referral-capture.ts)
  const submit = (user: z.output<typeof RegisterUser>) => {
    keepReferral(params.toString());
    return register({
      user,
      metaData: { ref: referralToSend(params.toString()), client: params.get('c') ?? undefined },
    });
  };

  async function continueAfter(registration: Registration) {
    forgetReferral();
    await startSession(registration.token);
    if (registration.redirectToConfirm) navigate(withQuery('/confirm-email', { u: registration.userId, rd }));
    else navigate(rd ?? '/', { replace: true });
  }

  const { siteName } = useBrand();
  return (
    <AuthShell
      title="Create your account"
      subtitle={`Join ${siteName} to follow a daily practice, or to share yours.`}
      below={
        <>
          Already have an account?{' '}
          <Link to={withQuery('/login', { rd })} className={authLinkStyles}>
            Sign in
          </Link>
        </>
      }
    >
      <Form<RegisterValues, z.output<typeof RegisterUser>, Registration>
        schema={RegisterUser}
        rules={rules}
        mode="onInput"
        defaultValues={{
          name: '',
          username: '',
          email: '',
          password: '',
          confirmPassword: '',
          isFacilitator: null,
          tos: false,
        }}
        onSubmit={submit}
        onSuccess={continueAfter}
        submitLabel="Create account"
        fullWidthSubmit
        aria-label="Register"
      >
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <InputField name="name" autoComplete="name" required />
          <InputField name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required />
        </div>
        <InputField name="email" type="email" autoComplete="email" spellCheck={false} required />
        <NewPasswordFields />
        <ChoiceField name="isFacilitator" label="I am joining as a" choices={ACCOUNT_KINDS} required />
        <CheckboxField
          name="tos"
          required
          label={
            <>
              I agree to the{' '}
              <Link to="/terms-of-service" target="_blank" rel="noreferrer" className={authLinkStyles}>
                terms of service
                <span className="sr-only"> (opens in a new tab)</span>
              </Link>
            </>
          }
        />
      </Form>
    </AuthShell>
  );
}
