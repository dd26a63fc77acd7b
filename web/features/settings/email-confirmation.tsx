import { Link } from 'react-router';
import { toast } from 'sonner';
import { EnvelopeIcon } from '@heroicons/react/24/outline';
import type { OwnProfileAnswer } from '@common/profiles/schemas';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { resendConfirmation } from './api/send-confirm';

export const CODE_RESENT_TEXT = 'We sent you a new code. It can take a few minutes to arrive.';

/** Where the confirmation code is entered; back here afterwards. */
export const confirmPath = (userId: string) =>
  `/confirm-email?u=${encodeURIComponent(userId)}&rd=${encodeURIComponent('/settings')}`;

/**
 * 'Resend Email Confirmation' while the email is unconfirmed, or while a new address
 * waits for its code (the notice says where the code went).
 */
export function EmailConfirmation({ profile }: { profile: OwnProfileAnswer }) {
  const waiting = profile.pendingEmail !== null;
  if (profile.emailConfirmed && !waiting) return null;

  async function resend() {
    await resendConfirmation();
    toast.success(CODE_RESENT_TEXT);
  }

  return (
    <div role="status" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
      <div className="flex items-start gap-3">
        <EnvelopeIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          {waiting ? (
            <>
              <p className="break-words">
                We sent a code to <strong className="font-medium">{profile.pendingEmail}</strong>. Enter it to switch.
              </p>
              <p className="break-words text-amber-800">Until then you keep using {profile.email}.</p>
            </>
          ) : (
            <p>Confirm your email address with the code we sent you.</p>
          )}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={confirmPath(profile._id)} className={buttonStyles({ size: 'sm' })}>
          Enter code
        </Link>
        <Button variant="secondary" size="sm" onClick={resend}>
          Resend Email Confirmation
        </Button>
      </div>
    </div>
  );
}
