import type { PushDeviceAnswer, PushPreferencesAnswer } from '../../../common/push/schemas';
import { DEFAULT_PUSH_KINDS, DEFAULT_REMINDER_TIME } from '../../../common/push/kinds';
import type { PushDevice, PushPreferences } from './queries';

/** One device in Settings → Notifications (never its endpoint or keys). */
export const presentDevice = (device: PushDevice, currentSessionId: string | null): PushDeviceAnswer => ({
  _id: device.id,
  label: device.label,
  createdAt: device.createdAt.toISOString(),
  lastUsedAt: device.lastUsedAt?.toISOString() ?? null,
  thisDevice: device.sessionId === currentSessionId,
});

/** My kinds, or the defaults a first device starts with when I never turned push on. */
export const presentPreferences = (row: PushPreferences | undefined, timeZone: string): PushPreferencesAnswer => ({
  dailyReminder: row?.dailyReminder ?? DEFAULT_PUSH_KINDS.dailyReminder,
  // PostgreSQL's time is 'HH:MM:SS'
  reminderTime: row?.reminderTime.slice(0, 5) ?? DEFAULT_REMINDER_TIME,
  messages: row?.messages ?? DEFAULT_PUSH_KINDS.messages,
  sessions: row?.sessions ?? DEFAULT_PUSH_KINDS.sessions,
  replies: row?.replies ?? DEFAULT_PUSH_KINDS.replies,
  announcements: row?.announcements ?? DEFAULT_PUSH_KINDS.announcements,
  timeZone,
});

/** My devices, this one first, then newest first. */
export const presentDevices = (devices: readonly PushDevice[], currentSessionId: string | null) =>
  devices.map((d) => presentDevice(d, currentSessionId)).sort((a, b) => Number(b.thisDevice) - Number(a.thisDevice));
