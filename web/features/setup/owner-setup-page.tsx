import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { OwnerAccount, SETUP_MESSAGES, type CreateOwnerAnswer } from '@common/setup/schemas';
import { setToken } from '@web/api/client';
import { buttonStyles } from '@web/components/button-styles';
import { Form } from '@web/components/form/form';
import { formErrorText } from '@web/components/form/error-text';
import { InputField } from '@web/components/form/input-field';
import { Spinner } from '@web/components/spinner';
import { LoadFailed } from '@web/components/state-panels';
import { whoamiKey } from '@web/features/session/api/get-whoami';
import { createOwner } from './api/create-owner';
import { useOwnerSetup } from './api/get-owner-setup';
import { NewPasswordField } from '@web/components/form/new-password-field';
import { CardPage } from '@web/components/card-page';

export const OWNER_SETUP_TITLE = 'Create the owner account';
export const OWNER_SETUP_INTRO = 'This account will own and administer this Tend site.';
const CLOSED_TITLE = 'Setup is not available';

/** /setup?token=…: the link the server prints while no admin exists makes the first admin. */
export function OwnerSetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <OwnerSetup token={token} /> : <SetupClosed />;
}

function OwnerSetup({ token }: { token: string }) {
  const setup = useOwnerSetup(token);

  if (setup.isPending) {
    return (
      <CardPage title={OWNER_SETUP_TITLE}>
        <div role="status" className="flex items-center justify-center gap-3 py-6">
          <Spinner className="size-6 text-brand-700" />
          <span className="text-sm text-stone-600">Checking your setup link…</span>
        </div>
      </CardPage>
    );
  }
  if (setup.isError) {
    return (
      <CardPage title={OWNER_SETUP_TITLE}>
        <LoadFailed
          message={`Your setup link could not be checked. ${formErrorText(setup.error)}`}
          onRetry={() => setup.refetch()}
        />
      </CardPage>
    );
  }
  return setup.data === 'open' ? <OwnerForm token={token} /> : <SetupClosed />;
}

function OwnerForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // signed in the way login does it: keep the token, then every screen asks whoami again
  async function enterAdmin(owner: CreateOwnerAnswer) {
    setToken(owner.token);
    await queryClient.invalidateQueries({ queryKey: whoamiKey });
    toast.success(SETUP_MESSAGES.created);
    navigate('/admin', { replace: true });
  }

  return (
    <CardPage title={OWNER_SETUP_TITLE} subtitle={OWNER_SETUP_INTRO}>
      <Form
        schema={OwnerAccount}
        defaultValues={{ name: '', email: '', password: '' }}
        onSubmit={(owner) => createOwner({ ...owner, token })}
        onSuccess={enterAdmin}
        submitLabel="Create owner account"
        fullWidthSubmit
        aria-label={OWNER_SETUP_TITLE}
      >
        <InputField name="name" autoComplete="name" required />
        <InputField name="email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} required />
        <NewPasswordField />
      </Form>
    </CardPage>
  );
}

/** A wrong link or one already used: one text for both, as the server answers. */
function SetupClosed() {
  return (
    <CardPage title={CLOSED_TITLE}>
      <div className="space-y-5">
        <p role="alert" className="text-sm leading-6 text-stone-700">
          {SETUP_MESSAGES.notAvailable}
        </p>
        <Link to="/login" className={buttonStyles({ fullWidth: true })}>
          Log in
        </Link>
      </div>
    </CardPage>
  );
}
