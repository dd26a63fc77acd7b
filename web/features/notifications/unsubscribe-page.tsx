import { Link, useSearchParams } from 'react-router';
import { CheckCircleIcon, ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { errorText } from '@common/errors';
import { ApiError } from '@web/api/client';
import { buttonStyles } from '@web/components/button-styles';
import { CardPage } from '@web/components/card-page';
import { formErrorText } from '@web/components/form/error-text';
import { Spinner } from '@web/components/spinner';
import { LoadFailed } from '@web/components/state-panels';
import { useWhoami } from '@web/features/session/api/get-whoami';
import { isSignedIn, loginPathFor } from '@web/features/session/roles';
import { useUnsubscribe } from './api/unsubscribe';

export const UNSUBSCRIBED_TITLE = 'You are unsubscribed';
export const BAD_LINK_TITLE = 'This link does not work';
export const CHOOSE_EMAILS_TEXT = 'Choose which emails you get';
/** Settings → Email notifications (signing in first when needed). */
export const EMAIL_SETTINGS_PATH = '/settings#email-notifications';

/**
 * The way to Settings → Email notifications: straight there when signed in; else through the
 * sign-in page, which goes on to it (the guard of /settings would drop the #anchor on the way).
 */
function SettingsLink() {
  const whoami = useWhoami();
  const to = isSignedIn(whoami.data) ? EMAIL_SETTINGS_PATH : loginPathFor(EMAIL_SETTINGS_PATH);
  return (
    <Link to={to} className={buttonStyles({ variant: 'secondary' })}>
      {CHOOSE_EMAILS_TEXT}
    </Link>
  );
}

/** 'You will no longer get emails about comments and replies on your posts.' */
export const unsubscribedText = (label: string) =>
  `You will no longer get emails about ${label.charAt(0).toLowerCase()}${label.slice(1)}.`;

/**
 * /unsubscribe?token=…: the link in the footer of a notification mail. It works
 * signed out: opening it turns that kind of mail off, and says which.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <Unsubscribe token={token} /> : <BadLink />;
}

function Unsubscribe({ token }: { token: string }) {
  const result = useUnsubscribe(token);

  if (result.isPending) {
    return (
      <CardPage title="Unsubscribing…">
        <div role="status" className="flex items-center justify-center gap-3 py-6">
          <Spinner className="size-6 text-brand-700" />
          <span className="text-sm text-stone-600">Turning these emails off…</span>
        </div>
      </CardPage>
    );
  }
  if (result.isError) {
    if (result.error instanceof ApiError && result.error.code === 'invalid_unsubscribe_link') return <BadLink />;
    return (
      <CardPage title="Unsubscribe">
        <LoadFailed
          message={`We could not unsubscribe you just now. ${formErrorText(result.error)}`}
          onRetry={() => void result.refetch()}
        />
      </CardPage>
    );
  }
  return (
    <CardPage
      title={UNSUBSCRIBED_TITLE}
      icon={<CheckCircleIcon className="size-12 text-brand-700" aria-hidden="true" />}
    >
      <div className="space-y-4 text-center">
        <p role="status" className="text-base text-stone-800">
          {unsubscribedText(result.data.label)}
        </p>
        <p className="text-sm text-stone-600">
          You still see them in the app, and you can turn them back on in Settings at any time.
        </p>
        <SettingsLink />
      </div>
    </CardPage>
  );
}

function BadLink() {
  return (
    <CardPage
      title={BAD_LINK_TITLE}
      icon={<ExclamationTriangleIcon className="size-12 text-amber-600" aria-hidden="true" />}
    >
      <div className="space-y-4 text-center">
        <p role="alert" className="text-sm text-stone-700">
          {errorText('invalid_unsubscribe_link')}
        </p>
        <SettingsLink />
      </div>
    </CardPage>
  );
}
