import { useQueryClient } from '@tanstack/react-query';
import {
  AuthenticatorSetupAnswer,
  RecoveryCodesAnswer,
  type AuthenticatorSetupAnswer as SetupAnswer,
} from '@common/auth/schemas';
import { api } from '@web/api/client';
import { ownProfileKey } from './get-own-profile';
import { saveFile } from '@web/components/save-file';

export const RECOVERY_FILE_NAME = 'tend-recovery-codes.txt';

/** POST app/two-factor/app/start {currentPassword}: a new key, as text, an otpauth:// URI and a QR code. */
export async function startAuthenticatorSetup(currentPassword: string): Promise<SetupAnswer> {
  return AuthenticatorSetupAnswer.parse(await api.call('app/two-factor/app/start', { currentPassword }));
}

/** POST app/two-factor/app/confirm {code}: the app's first code turns it on; answers the recovery codes, once. */
export async function confirmAuthenticatorSetup(code: string): Promise<string[]> {
  return RecoveryCodesAnswer.parse(await api.call('app/two-factor/app/confirm', { code })).recoveryCodes;
}

/** POST app/two-factor/app/remove {currentPassword}: the app is no longer asked for at sign-in. */
export async function removeAuthenticatorApp(currentPassword: string): Promise<void> {
  await api.call('app/two-factor/app/remove', { currentPassword });
}

/** Reads my profile again, so the section knows whether the app is on (`authenticatorApp`). */
export function useRefreshOwnProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ownProfileKey });
}

/** The key in groups of four, easier to type by hand: ABCD EFGH IJKL. */
export const groupedKey = (secret: string) =>
  secret
    .replace(/\s/g, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? '';

/** The recovery codes as a .txt download. */
export function downloadRecoveryCodes(codes: readonly string[]) {
  const text =
    'Tend recovery codes\nEach code works once, when your authenticator app is not at hand.\n\n' +
    `${codes.join('\n')}\n`;
  saveFile(new Blob([text], { type: 'text/plain' }), RECOVERY_FILE_NAME);
}
