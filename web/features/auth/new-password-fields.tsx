import { InputField } from '@web/components/form/input-field';

/** A new password with its hint, then the same again to confirm it (register, password reset). */
export function NewPasswordFields() {
  return (
    <>
      <InputField
        name="password"
        type="password"
        autoComplete="new-password"
        description="At least 8 characters. Avoid common passwords."
        required
      />
      <InputField name="confirmPassword" type="password" autoComplete="new-password" required />
    </>
  );
}
