import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { BellAlertIcon, DevicePhoneMobileIcon } from '@heroicons/react/24/outline';
import {
  DEFAULT_REMINDER_TIME,
  PUSH_KIND_INFO,
  PUSH_KINDS,
  type PushKind,
  REMINDER_TIME_PATTERN,
} from '@common/push/kinds';
import type { PushDeviceAnswer, PushPreferencesAnswer } from '@common/push/schemas';
import { useBrand } from '@web/components/brand';
import { Button } from '@web/components/button';
import { dateText, dateTimeText } from '@web/components/dates';
import { formErrorText } from '@web/components/form/error-text';
import { LoadFailed } from '@web/components/state-panels';
import { DeviceRow } from './device-row';
import {
  askPermission,
  notificationPermission,
  pushSupport,
  rememberEndpoint,
  subscribeBrowser,
  unsubscribeBrowser,
  workerRegistration,
} from './push-browser';
import {
  fetchPushKey,
  useChoosePushKinds,
  usePushSettings,
  useRemoveDevice,
  useSaveSubscription,
} from './push-notifications-api';

export const PUSH_LOAD_FAILED_TEXT = 'We could not load your notification settings.';
export const TURN_ON_TEXT = 'Turn on notifications on this device';
export const NOT_AVAILABLE_TEXT =
  'Notifications are not available in this window right now. Reload the page and try again.';

/**
 * Settings → Notifications: push notifications on this device (asked for only when the member
 * presses the button), the kinds they get on every device, and the devices that get them.
 */
export function PushNotificationsSection() {
  const settings = usePushSettings();
  if (settings.isPending) return <p className="text-sm text-stone-600">Loading your notification settings…</p>;
  if (settings.isError) return <LoadFailed message={PUSH_LOAD_FAILED_TEXT} onRetry={() => void settings.refetch()} />;
  const { devices, preferences } = settings.data;
  return (
    <div className="space-y-6">
      <ThisDevice device={devices.find((d) => d.thisDevice)} />
      {devices.length > 0 ? (
        <Kinds preferences={preferences} />
      ) : (
        <p className="text-sm text-stone-600">
          Once they are on, you get your daily practice reminder at {DEFAULT_REMINDER_TIME} in your time zone, new
          direct messages, sessions starting in 1 hour, replies to your posts and comments, and announcements. You can
          change each here then.
        </p>
      )}
      <Devices devices={devices} />
    </div>
  );
}

type Status = { kind: 'idle' } | { kind: 'working' } | { kind: 'failed'; text: string };

/** This browser: turn push on or off, or why it cannot be on. */
function ThisDevice({ device }: { device: PushDeviceAnswer | undefined }) {
  const { siteName } = useBrand();
  const [support] = useState(pushSupport);
  const [permission, setPermission] = useState(() => (support === 'supported' ? notificationPermission() : 'default'));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const save = useSaveSubscription();
  const remove = useRemoveDevice();

  async function turnOn() {
    setStatus({ kind: 'working' });
    try {
      const answer = await askPermission();
      setPermission(answer);
      if (answer !== 'granted') return setStatus({ kind: 'idle' });
      const registration = await workerRegistration();
      if (!registration) return setStatus({ kind: 'failed', text: NOT_AVAILABLE_TEXT });
      const subscription = await subscribeBrowser(registration, await fetchPushKey());
      await save.mutateAsync(subscription);
      await rememberEndpoint(subscription.endpoint);
      setStatus({ kind: 'idle' });
    } catch (error) {
      setStatus({ kind: 'failed', text: `Notifications were not turned on. ${formErrorText(error)}` });
    }
  }

  async function turnOff(id: string) {
    setStatus({ kind: 'working' });
    try {
      await remove.mutateAsync(id);
      await unsubscribeBrowser(await workerRegistration(1_000));
      setStatus({ kind: 'idle' });
    } catch (error) {
      setStatus({ kind: 'failed', text: `Notifications are still on. ${formErrorText(error)}` });
    }
  }

  let body: ReactNode;
  if (support === 'home-screen')
    body = (
      <>
        <p className="font-medium text-stone-900">Add {siteName} to your Home Screen first</p>
        <p className="mt-1 text-stone-600">
          On iPhone and iPad, notifications come only from apps on the Home Screen. In Safari, tap Share, then “Add to
          Home Screen”, open {siteName} from your Home Screen and turn notifications on there.
        </p>
      </>
    );
  else if (support === 'unsupported')
    body = (
      <p className="text-stone-600">
        This browser cannot show notifications from {siteName}. A current Chrome, Edge, Firefox or Safari can.
      </p>
    );
  else if (permission === 'denied')
    body = (
      <>
        <p className="font-medium text-stone-900">Notifications are blocked for {siteName} in this browser.</p>
        <p className="mt-1 text-stone-600">
          To allow them, open the site’s settings (the icon at the left of the address bar), set Notifications to Allow,
          and reload this page. On Android you may also need to allow them for your browser in the phone’s Settings →
          Apps → Notifications.
        </p>
      </>
    );
  else if (device)
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-medium text-stone-900">Notifications are on for this device.</p>
        <Button variant="secondary" size="sm" pending={status.kind === 'working'} onClick={() => turnOff(device._id)}>
          Turn off on this device
        </Button>
      </div>
    );
  else
    body = (
      <div className="space-y-3">
        <p className="text-stone-600">
          Get your practice reminder, new messages and more on this device, even when {siteName} is closed. Your browser
          will ask you to allow notifications.
        </p>
        <Button pending={status.kind === 'working'} onClick={turnOn}>
          {TURN_ON_TEXT}
        </Button>
      </div>
    );

  return (
    <div className="flex items-start gap-3 rounded-xl bg-stone-50 p-4 text-sm">
      <BellAlertIcon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        {body}
        <p role="alert" className="mt-2 text-sm text-red-700 empty:hidden">
          {status.kind === 'failed' ? status.text : ''}
        </p>
      </div>
    </div>
  );
}

/** The kinds I get on every device, and the time of my daily reminder. */
function Kinds({ preferences }: { preferences: PushPreferencesAnswer }) {
  const choose = useChoosePushKinds();
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | { failed: string }>('idle');

  async function change(value: Parameters<typeof choose.mutateAsync>[0]) {
    setStatus('saving');
    try {
      await choose.mutateAsync(value);
      setStatus('saved');
    } catch (error) {
      setStatus({ failed: `Not saved. ${formErrorText(error)}` });
    }
  }

  return (
    <fieldset>
      <legend className="text-sm font-semibold text-stone-900">What to send, on every device</legend>
      <ul className="mt-2 divide-y divide-stone-200">
        {PUSH_KINDS.map((kind) => (
          <KindRow key={kind} kind={kind} checked={preferences[kind]} onChange={(on) => change({ [kind]: on })}>
            {kind === 'dailyReminder' && preferences.dailyReminder ? (
              <ReminderTime
                time={preferences.reminderTime}
                timeZone={preferences.timeZone}
                onSave={(time) => change({ reminderTime: time })}
              />
            ) : null}
          </KindRow>
        ))}
      </ul>
      <p aria-live="polite" className="mt-1 text-sm text-stone-600">
        {status === 'saving' ? 'Saving…' : status === 'saved' ? 'Saved' : ''}
      </p>
      <p aria-live="assertive" className="text-sm text-red-700 empty:hidden">
        {typeof status === 'object' ? status.failed : ''}
      </p>
    </fieldset>
  );
}

function KindRow({
  kind,
  checked,
  onChange,
  children,
}: {
  kind: PushKind;
  checked: boolean;
  onChange: (on: boolean) => Promise<void>;
  children: ReactNode;
}) {
  const id = useId();
  const info = PUSH_KIND_INFO[kind];
  // the choice shows at once; the server's answer then replaces it (or the old value comes back)
  const [shown, setShown] = useState<boolean | null>(null);
  return (
    <li className="py-3">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={shown ?? checked}
          onChange={(e) => {
            setShown(e.target.checked);
            void onChange(e.target.checked).finally(() => setShown(null));
          }}
          aria-describedby={`${id}-hint`}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <div className="min-w-0">
          <label htmlFor={id} className="text-sm font-medium text-stone-900">
            {info.label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-stone-600">
            {info.hint}
          </p>
        </div>
      </div>
      {children}
    </li>
  );
}

/**
 * The reminder's time, HH:MM in my own zone, saved with its button. A text field rather than the
 * browser's time field, which shows 12-hour times in some locales: the app's times are 24-hour.
 */
function ReminderTime({
  time,
  timeZone,
  onSave,
}: {
  time: string;
  timeZone: string;
  onSave: (time: string) => Promise<void>;
}) {
  const id = useId();
  const [value, setValue] = useState(time);
  const [invalid, setInvalid] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    const valid = REMINDER_TIME_PATTERN.test(value);
    setInvalid(!valid);
    if (valid && value !== time) void onSave(value);
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 ml-8 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-stone-900">
          Reminder time
        </label>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          placeholder="HH:MM"
          value={value}
          onChange={(e) => setValue(e.target.value.trim())}
          aria-invalid={invalid}
          aria-describedby={`${id}-zone${invalid ? ` ${id}-error` : ''}`}
          className="mt-1 min-h-11 w-28 rounded-lg border border-stone-500 bg-white px-3 py-2 text-sm text-stone-900 shadow-sm focus:border-brand-700 focus:ring-1 focus:ring-brand-700 focus:ring-inset"
        />
      </div>
      <Button type="submit" variant="secondary" size="sm" disabled={value === time}>
        Save time
      </Button>
      {invalid && (
        <p id={`${id}-error`} className="w-full text-sm text-red-700">
          Enter the time as HH:MM, 24-hour, for example 07:30 or 21:00.
        </p>
      )}
      <p id={`${id}-zone`} className="w-full text-sm text-stone-600">
        24-hour, in your time zone ({timeZone.replace(/_/g, ' ')}). On days your practice is there.
      </p>
    </form>
  );
}

/** Every device that gets my notifications, each with a way to remove it. */
function Devices({ devices }: { devices: PushDeviceAnswer[] }) {
  const remove = useRemoveDevice();
  const [failed, setFailed] = useState('');
  if (devices.length === 0) return <p className="text-sm text-stone-600">No device gets your notifications yet.</p>;
  return (
    <div>
      <h3 className="text-sm font-semibold text-stone-900">Devices that get notifications</h3>
      <ul className="mt-1 divide-y divide-stone-200" aria-label="Devices that get notifications">
        {devices.map((device) => (
          <DeviceRow
            key={device._id}
            icon={DevicePhoneMobileIcon}
            name={device.label}
            thisDevice={device.thisDevice}
            detail={`Added ${dateText(device.createdAt)} · ${
              device.lastUsedAt ? `last notified ${dateTimeText(device.lastUsedAt)}` : 'not notified yet'
            }`}
            action={
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Remove ${device.label}, added ${dateText(device.createdAt)}`}
                onClick={async () => {
                  setFailed('');
                  try {
                    await remove.mutateAsync(device._id);
                    if (device.thisDevice) await unsubscribeBrowser(await workerRegistration(1_000));
                  } catch (error) {
                    setFailed(`${device.label} was not removed. ${formErrorText(error)}`);
                  }
                }}
              >
                Remove
              </Button>
            }
          />
        ))}
      </ul>
      <p role="alert" className="text-sm text-red-700 empty:hidden">
        {failed}
      </p>
    </div>
  );
}
