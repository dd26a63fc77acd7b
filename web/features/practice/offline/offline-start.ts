import type { QueryClient } from '@tanstack/react-query';
import { AccessibleContentAnswer } from '@common/practice/schemas';
import { api } from '@web/api/client';
import { claimMemberData } from '@web/api/member-data';
import { practiceKeys, refreshEngagement } from '../api/practice-keys';
import { practiceQueue } from './queued-practice';
import { readSaved, removeSaved } from './saved-media';

/**
 * What offline practice does when a signed-in page starts (the router runs it a while after the
 * first page has loaded) and when the connection returns:
 * - what is kept on this device belongs to the signed-in member, or it all goes (saved media,
 *   kept answers, the queue): a member who did not sign out leaves nothing another can reach;
 * - online, the offline queue is sent, then the server is asked once which saved items the member
 *   may still practise (POST app/accessible-content), and the others are removed, with a notice;
 * - on the window's `online` event the queue is sent again.
 */

let startedFor: string | undefined;
let listening = false;

/** Sends the queue; when anything went, the lists and journals are fetched again. */
async function sync(queryClient: QueryClient) {
  const outcomes = await practiceQueue.flush();
  if (outcomes.size === 0) return;
  await Promise.all([
    refreshEngagement(queryClient),
    queryClient.invalidateQueries({ queryKey: [...practiceKeys.all, 'journal'] }),
  ]);
}

/** Removes the saved items the member may no longer practise (their subscription or purchase ended). */
async function dropWhatAccessEnded() {
  const list = await readSaved();
  const ids = list?.items.map((item) => item.content._id) ?? [];
  if (ids.length === 0) return;
  const answer = await api.call('app/accessible-content', { content: ids });
  if (answer === undefined) return; // signed out meanwhile
  const accessible = new Set(AccessibleContentAnswer.parse(answer).accessible);
  const ended = ids.filter((id) => !accessible.has(id));
  if (ended.length > 0) await removeSaved(ended, { accessEnded: true });
}

export async function startOfflinePractice(queryClient: QueryClient, memberId: string) {
  if (startedFor === memberId) return;
  startedFor = memberId;
  await claimMemberData(memberId);
  if (!listening) {
    listening = true;
    window.addEventListener('online', () => void sync(queryClient).catch(() => undefined));
  }
  if (!navigator.onLine) return;
  await sync(queryClient);
  await dropWhatAccessEnded();
}
