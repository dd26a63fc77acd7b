import { InputField } from '@web/components/form/input-field';
import { NewPasswordField } from '@web/components/form/new-password-field';

/** A new password with its hint, then the same again to confirm it (register, password reset). */
export function NewPasswordFields() {
  return (
    <>
      <NewPasswordField />
      <InputField name="confirmPassword" type="password" autoComplete="new-password" required />
    </>
  );
}
