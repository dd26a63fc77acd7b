// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SessionBookersDialog } from '../session-bookers-dialog';
import {
  buildSession,
  HOST,
  pinSessionClock,
  renderWithToasts,
  routeFetch,
  sam,
  sentTo,
} from '../testing/session-fixtures';
import { RecordingPanel } from './recording-panel';

pinSessionClock('host-token');

const ITEM = '55555555-5555-4555-8555-555555555555';
const TIER = '66666666-6666-4666-8666-666666666666';
const started = buildSession({
  name: 'Morning flow',
  startTime: '2026-11-25T14:00:00.000Z',
  endTime: '2026-11-25T14:45:00.000Z',
  isOwner: true,
  capacity: 5,
  bookers: [sam],
});
const recordingPath = `app/facilitator/sessions/${started._id}/recording`;
const author = { _id: HOST, name: 'Maya Host', profilePicture: null };
const item = {
  _id: ITEM,
  title: 'Morning flow, recorded',
  description: '',
  thumbnail: null,
  media: 'media/flow.mp3',
  fileType: 'audio',
  contentType: 'meditation',
  tiers: [TIER],
  inPostQueue: false,
  postNow: false,
  postedDate: null,
  hitCount: 0,
  user: author,
};
const tier = {
  _id: TIER,
  name: 'Inner circle',
  description: '',
  price: 10,
  thumbnail: null,
  type: 'subscription',
  interval: 'month',
  trialDays: 0,
  published: true,
  releaseAllContent: false,
  allowDirectMessaging: false,
  associatedGroup: null,
  contentQueue: [],
  contentQueueFrequency: 1,
  user: HOST,
};
const attached = (overrides: Record<string, unknown> = {}) => ({
  contentId: ITEM,
  title: item.title,
  series: false,
  tierId: TIER,
  attachedAt: '2026-11-25T15:00:00.000Z',
  notifiedAt: '2026-11-25T15:00:00.000Z',
  ...overrides,
});
const program = { status: 200, body: { isFacilitator: true, tiers: [tier], content: [item] } };

describe('the recording panel', () => {
  it('attaches one of my items, shared with a plan, and then shows who can watch it', async () => {
    let recording: ReturnType<typeof attached> | null = null;
    const fetchMock = routeFetch({
      'GET app': program,
      [`GET ${recordingPath}`]: () => ({ status: 200, body: { recording } }),
      [`PUT ${recordingPath}`]: () => {
        recording = attached();
        return { status: 200, body: { recording } };
      },
    });
    const { user } = renderWithToasts(<RecordingPanel session={started} />);
    const section = await screen.findByRole('region', { name: 'Recording' });
    await user.click(await within(section).findByRole('button', { name: 'Attach recording' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a content item.');
    await user.selectOptions(within(section).getByLabelText('Content item'), ITEM);
    await user.selectOptions(within(section).getByLabelText('Also subscribers of'), TIER);
    // an occurrence of no series offers no series option
    expect(within(section).queryByLabelText(/any session of this series/)).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Attach recording' }));
    expect(await within(section).findByText('Attached: Morning flow, recorded')).toBeTruthy();
    expect(within(section).getByText('Members who booked this session, subscribers of Inner circle')).toBeTruthy();
    expect(sentTo(fetchMock, `PUT ${recordingPath}`)).toEqual([{ contentId: ITEM, series: false, tierId: TIER }]);
  });

  it('offers the series option for an occurrence of a series, and shows a refusal in words', async () => {
    const fetchMock = routeFetch({
      'GET app': program,
      [`GET ${recordingPath}`]: { status: 200, body: { recording: null } },
      [`PUT ${recordingPath}`]: {
        status: 403,
        body: {
          error: 'recording_not_own_content',
          message: 'Only your own content can be the recording of your session.',
        },
      },
    });
    const { user } = renderWithToasts(<RecordingPanel session={{ ...started, seriesId: 'series-1' }} />);
    await user.selectOptions(await screen.findByLabelText('Content item'), ITEM);
    await user.click(screen.getByLabelText('Also everyone who booked any session of this series'));
    await user.click(screen.getByRole('button', { name: 'Attach recording' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only your own content can be the recording of your session.',
    );
    expect(sentTo(fetchMock, `PUT ${recordingPath}`)).toEqual([{ contentId: ITEM, series: true, tierId: null }]);
  });

  it('detaches after a confirmation; the item itself stays', async () => {
    let recording: ReturnType<typeof attached> | null = attached({ tierId: null, series: true });
    const fetchMock = routeFetch({
      'GET app': program,
      [`GET ${recordingPath}`]: () => ({ status: 200, body: { recording } }),
      [`DELETE ${recordingPath}`]: () => {
        recording = null;
        return { status: 200, body: { detached: true } };
      },
    });
    const { user } = renderWithToasts(<RecordingPanel session={started} />);
    expect(await screen.findByText('Members who booked this session, everyone who booked the series')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Detach' }));
    const confirm = screen.getByRole('group', { name: 'Detach the recording?' });
    await user.click(within(confirm).getByRole('button', { name: 'Detach' }));
    await waitFor(() => expect(sentTo(fetchMock, `DELETE ${recordingPath}`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Attach recording' })).toBeTruthy();
  });

  it('says what to do when there is no item to pick and no plan to keep an upload in', async () => {
    routeFetch({
      'GET app': { status: 200, body: { isFacilitator: true, tiers: [], content: [] } },
      [`GET ${recordingPath}`]: { status: 200, body: { recording: null } },
    });
    const { user } = renderWithToasts(<RecordingPanel session={started} />);
    expect(await screen.findByText(/no content items yet/)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Upload a new recording' }));
    expect(screen.getByText(/Create a plan in Program first/)).toBeTruthy();
  });

  it("shows a retry when the recording cannot be loaded, and sits in the started session's members dialog", async () => {
    routeFetch({ 'GET app': program, [`GET ${recordingPath}`]: { status: 500, body: { error: 'internal' } } });
    renderWithToasts(<SessionBookersDialog session={started} onClose={() => {}} />);
    const section = await screen.findByRole('region', { name: 'Recording' });
    expect(await within(section).findByText('We could not load the recording.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: /try again|retry/i })).toBeTruthy();
  });
});
