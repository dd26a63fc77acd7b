import { InputField } from './input-field';

/** A password being chosen, with the rules it must meet (register, reset, the owner setup). */
export function NewPasswordField() {
  return (
    <InputField
      name="password"
      type="password"
      autoComplete="new-password"
      description="At least 8 characters. Avoid common passwords."
      required
    />
  );
}
