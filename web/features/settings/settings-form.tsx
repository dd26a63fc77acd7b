import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { dateText } from '@web/components/dates';
import { CheckCircleIcon, XCircleIcon } from '@heroicons/react/20/solid';
import { PROFILE_MESSAGES, UpdateProfileRequest, type OwnProfileAnswer } from '@common/profiles/schemas';
import { CheckboxField } from '@web/components/form/checkbox-field';
import { Form } from '@web/components/form/form';
import { ImageField } from '@web/components/form/image-field';
import { InputField } from '@web/components/form/input-field';
import type { Rule } from '@web/components/form/rules';
import { TextareaField } from '@web/components/form/textarea-field';
import { useUpdateProfile } from './api/update-profile';
import { EmailConfirmation } from './email-confirmation';
import { formSchema } from '@web/components/form/rules';

export const SAVED_TEXT = 'Your settings are saved.';
export const EMAIL_PENDING_SAVED_TEXT = 'Saved. Enter the code we emailed to switch to your new address.';

// Settings: the bio's placeholder depends on who is writing it
export const BIO_PLACEHOLDERS = { facilitator: 'Describe your work', member: 'What brings you here?' } as const;

export type SettingsValues = {
  name: string;
  email: string;
  bio: string;
  facilitatorCategory: string;
  profilePicture: string | null;
  twoFactorEnabled: boolean;
  password: string;
  confirmPassword: string;
  currentPassword: string;
};

const schema = formSchema<UpdateProfileRequest, SettingsValues>(UpdateProfileRequest);

const valuesOf = (profile: OwnProfileAnswer): SettingsValues => ({
  name: profile.name,
  // a pending change shows the new address: sending the old one back would cancel it
  email: profile.pendingEmail ?? profile.email,
  bio: profile.bio,
  facilitatorCategory: profile.facilitatorCategory,
  profilePicture: profile.profilePicture,
  twoFactorEnabled: profile.twoFactorEnabled,
  password: '',
  confirmPassword: '',
  currentPassword: '',
});

/**
 * Whether the server will ask for the current password (a new password, an address it has not seen,
 * or two-factor turned on or off).
 */
export function changesCredentials(
  values: Pick<SettingsValues, 'email' | 'password' | 'twoFactorEnabled'>,
  profile: OwnProfileAnswer,
): boolean {
  const email = values.email.trim().toLowerCase();
  const knownEmail = email === profile.email.toLowerCase() || email === profile.pendingEmail;
  return values.password.length > 0 || !knownEmail || values.twoFactorEnabled !== profile.twoFactorEnabled;
}

export function joinedText(dateJoined: string): string {
  return `Joined ${dateText(dateJoined)}`;
}

/** Settings: the account form; 'Save Changes' goes to /profile unless a new email waits for its code. */
export function SettingsForm({ profile }: { profile: OwnProfileAnswer }) {
  const navigate = useNavigate();
  const { mutateAsync: saveProfile } = useUpdateProfile();
  const rules: Rule<SettingsValues>[] = [
    {
      field: 'currentPassword',
      isValid: (value, values) => !changesCredentials(values, profile) || Boolean(value),
      prompt: PROFILE_MESSAGES.currentPasswordRequired,
    },
  ];

  function submit(values: UpdateProfileRequest) {
    // only facilitators have a category
    const { facilitatorCategory, ...rest } = values;
    return saveProfile(profile.isFacilitator ? { ...rest, facilitatorCategory } : rest);
  }

  function afterSave(saved: OwnProfileAnswer) {
    if (saved.pendingEmail && saved.pendingEmail !== profile.pendingEmail) {
      // stay: the page shows where the code went and how to enter it
      toast.success(EMAIL_PENDING_SAVED_TEXT);
      return;
    }
    toast.success(SAVED_TEXT);
    navigate('/profile');
  }

  return (
    <Form<SettingsValues, UpdateProfileRequest, OwnProfileAnswer>
      schema={schema}
      rules={rules}
      defaultValues={valuesOf(profile)}
      onSubmit={submit}
      onSuccess={afterSave}
      submitLabel="Save Changes"
      aria-label="Settings"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <ImageField name="profilePicture" label="Profile picture" round />
        <p className="text-sm text-stone-600">{joinedText(profile.dateJoined)}</p>
      </div>
      <InputField name="name" label="Name" required autoComplete="name" maxLength={100} />
      <InputField
        name="email"
        type="email"
        label="Email"
        required
        autoComplete="email"
        maxLength={254}
        description={<EmailStatus confirmed={profile.emailConfirmed} />}
      />
      <EmailConfirmation profile={profile} />
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Change password</legend>
        <p className="mt-1 text-sm text-stone-500">Leave these empty to keep your password.</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <InputField
            name="password"
            type="password"
            label="New password"
            autoComplete="new-password"
            maxLength={128}
          />
          <InputField
            name="confirmPassword"
            type="password"
            label="Confirm password"
            autoComplete="new-password"
            maxLength={128}
          />
        </div>
      </fieldset>
      <CurrentPasswordField profile={profile} />
      <TextareaField
        name="bio"
        label="Bio"
        rows={4}
        maxLength={2000}
        placeholder={profile.isFacilitator ? BIO_PLACEHOLDERS.facilitator : BIO_PLACEHOLDERS.member}
      />
      {profile.isFacilitator && (
        <InputField
          name="facilitatorCategory"
          label="Category"
          description="Shown on your profile and in Explore, e.g. Yoga."
          maxLength={80}
        />
      )}
      {profile.emailConfirmed && (
        <CheckboxField
          name="twoFactorEnabled"
          label="Enable Two Factor Authentication"
          description="We email you a code each time you sign in."
        />
      )}
    </Form>
  );
}

function EmailStatus({ confirmed }: { confirmed: boolean }) {
  return confirmed ? (
    <span className="inline-flex items-center gap-1 text-brand-700">
      <CheckCircleIcon className="size-4" aria-hidden="true" />
      Email confirmed
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-red-700">
      <XCircleIcon className="size-4" aria-hidden="true" />
      Email not confirmed
    </span>
  );
}

/** Asked for, and required, only while the password, the email or two-factor sign-in is being changed. */
function CurrentPasswordField({ profile }: { profile: OwnProfileAnswer }) {
  const [email, password, twoFactorEnabled] = useWatch<SettingsValues, ['email', 'password', 'twoFactorEnabled']>({
    name: ['email', 'password', 'twoFactorEnabled'],
  });
  const values = {
    email: email ?? '',
    password: password ?? '',
    twoFactorEnabled: twoFactorEnabled ?? profile.twoFactorEnabled,
  };
  if (!changesCredentials(values, profile)) return null;
  return (
    <InputField
      name="currentPassword"
      type="password"
      label="Current password"
      description="Needed to change your password, email or two-factor sign-in."
      required
      autoComplete="current-password"
      maxLength={1024}
    />
  );
}
