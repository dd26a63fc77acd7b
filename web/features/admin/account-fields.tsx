import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AdminFacilitatorFormInput, AdminUserFormInput } from '@common/admin/schemas';
import type { Rule } from '@web/components/form/rules';
import { ImageField } from '@web/components/form/image-field';
import { InputField } from '@web/components/form/input-field';
import { TextareaField } from '@web/components/form/textarea-field';
import { ToggleField } from '@web/components/form/toggle-field';

// The fields the Manage User and Facilitator forms share, in the order both forms show them.
// autoComplete is off: the browser must not offer the admin's own details for someone else's account.

type AccountKey = keyof AdminUserFormInput & keyof AdminFacilitatorFormInput;
type AccountValues = Required<Pick<AdminUserFormInput, AccountKey>>;

/** The shared fields' values of a loaded account, or the empty ones for new. */
export const accountValuesOf = (account: { [K in AccountKey]?: AdminUserFormInput[K] } | undefined): AccountValues => ({
  name: account?.name ?? '',
  username: account?.username ?? '',
  email: account?.email ?? '',
  bio: account?.bio ?? '',
  profilePicture: account?.profilePicture ?? null,
  emailConfirmed: account?.emailConfirmed ?? false,
  twoFactorEnabled: account?.twoFactorEnabled ?? false,
});

/** Said under the form when an account is added: the server mails the set-a-password link. */
export const NEW_ACCOUNT_NOTE = 'We email the new user a link to set their password.';

export const TWO_FACTOR_NEEDS_EMAIL = 'Two-factor codes go by email: turn on Email Confirmed first.';

/** The server refuses two-factor on an unconfirmed address; say so before sending. */
export const accountRules: Rule<{ emailConfirmed?: boolean; twoFactorEnabled?: boolean }>[] = [
  {
    field: 'twoFactorEnabled',
    isValid: (on, values) => !on || Boolean(values.emailConfirmed),
    prompt: TWO_FACTOR_NEEDS_EMAIL,
  },
];

/** Name, Username, Email: required. */
export function IdentityFields() {
  return (
    <>
      <InputField name="name" label="Name" required autoComplete="off" maxLength={100} />
      <InputField
        name="username"
        label="Username"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={30}
      />
      <InputField name="email" type="email" label="Email" required autoComplete="off" maxLength={254} />
    </>
  );
}

/** Bio, Profile Picture, then the Email Confirmed and Two Factor Enabled toggles. */
export function ProfileFields() {
  return (
    <>
      <TextareaField name="bio" label="Bio" rows={4} maxLength={2000} />
      <ImageField name="profilePicture" label="Profile Picture" round />
      <div className="space-y-4 border-t border-stone-200 pt-5">
        <ToggleField
          name="emailConfirmed"
          label="Email Confirmed"
          description="Whether they have confirmed their email address."
        />
        <ToggleField
          name="twoFactorEnabled"
          label="Two Factor Enabled"
          description="When on, a code is emailed to them each time they sign in."
        />
        <RecheckTwoFactor />
      </div>
    </>
  );
}

/** Under the form when an account is added. */
export function NewAccountNote() {
  return <p className="mt-4 border-t border-stone-200 pt-4 text-sm text-stone-600">{NEW_ACCOUNT_NOTE}</p>;
}

/** The two-factor rule reads Email Confirmed: once an error shows, switching that on must clear it too. */
function RecheckTwoFactor() {
  const { trigger, getFieldState, formState } = useFormContext();
  const emailConfirmed = useWatch({ name: 'emailConfirmed' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of Email Confirmed calls for a recheck
  useEffect(() => {
    if (getFieldState('twoFactorEnabled', formState).error) void trigger('twoFactorEnabled');
    // only a change of Email Confirmed calls for a recheck
  }, [emailConfirmed]);
  return null;
}
