// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakePlayback, setPageHidden, fakeMediaSessionEachTest } from '@web/testing/fake-media';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';
import { DailyPracticePage } from './daily-practice-page';
import { neighboursOf } from './content-player';
import { buildContent, CONTENT_ID_1, CONTENT_ID_2, fakePracticeServer } from './testing/fake-practice-server';

resetPageBetweenTests({ token: 'member-token' });

const lockScreen = fakeMediaSessionEachTest();

const CONTENT_ID_3 = '0b7d3f7e-1c2a-4d1e-9f61-6a1d2c3b4e53';
const morningSit = buildContent({ media: 'sit.wav', fileType: 'audio' });
const reading = buildContent({ _id: CONTENT_ID_2, title: 'A short reading', contentType: 'reading' });
const bodyScan = buildContent({ _id: CONTENT_ID_3, title: 'Body scan', media: 'scan.wav', fileType: 'audio' });

/** Today's practice: a recording, a reading, another recording; the member stopped the first at 12:34. */
function todaysPractice() {
  return fakePracticeServer({
    today: [morningSit, reading, bodyScan],
    engagement: [],
    positions: { [CONTENT_ID_1]: 754 },
  });
}

describe("a practice item's player on the daily page", () => {
  it('shows the item on the lock screen, resumes where the member stopped, and plays on when the screen locks', async () => {
    const { requestsTo } = todaysPractice();
    const { user } = renderPage(<DailyPracticePage />);
    await user.click(await screen.findByRole('button', { name: /Morning sit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Morning sit' });
    const audio = (await within(dialog).findByLabelText('Morning sit')) as HTMLAudioElement;
    const playback = fakePlayback(audio, 2400);
    act(() => playback.load());

    await waitFor(() => expect(audio.currentTime).toBe(754));
    expect(within(dialog).getByRole('status').textContent).toBe('Resumed at 12:34');
    expect(requestsTo(`app/playback-position/${CONTENT_ID_1}`)).toHaveLength(1);

    await act(() => audio.play());
    expect(lockScreen.session.metadata).toMatchObject({
      title: 'Morning sit',
      artist: 'Mira Stone',
      album: 'Tend',
      artwork: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
    });
    expect(lockScreen.session.playbackState).toBe('playing');
    // the first recording of the list: there is a next one, no previous one
    expect(lockScreen.session.actions()).toContain('nexttrack');
    expect(lockScreen.session.actions()).not.toContain('previoustrack');

    // the screen locks: the time so far is reported and the place saved, and playback goes on
    act(() => playback.advance(6));
    act(() => setPageHidden(true));
    expect(playback.pause).not.toHaveBeenCalled();
    expect(audio.paused).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Morning sit' })).toBeTruthy();
    expect(requestsTo('app/track-engagement').map((init) => init.keepalive)).toEqual([true]);
    const saves = requestsTo(`app/playback-position/${CONTENT_ID_1}`).filter((init) => init.method === 'PUT');
    expect(saves.map((init) => [JSON.parse(String(init.body)), init.keepalive])).toEqual([
      [{ position: 760, duration: 2400 }, true],
    ]);
  });

  it("'next' on the lock screen opens the next recording of today's practice and plays it", async () => {
    const { requestsTo } = fakePracticeServer({
      today: [morningSit, reading, bodyScan],
      engagement: [],
      positions: { [CONTENT_ID_3]: 120 },
    });
    const { user } = renderPage(<DailyPracticePage />);
    await user.click(await screen.findByRole('button', { name: /Morning sit/ }));
    const opened = await screen.findByRole('dialog', { name: 'Morning sit' });
    const first = (await within(opened).findByLabelText('Morning sit')) as HTMLAudioElement;
    const playing = fakePlayback(first, 2400);
    act(() => playing.load());
    await act(() => first.play());

    act(() => lockScreen.session.act('nexttrack'));
    // the reading between them has nothing to play: 'next' goes past it
    const dialog = await screen.findByRole('dialog', { name: 'Body scan' });
    const second = (await within(dialog).findByLabelText('Body scan')) as HTMLAudioElement;
    const next = fakePlayback(second, 600);
    act(() => next.load());
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Resumed at 2:00'));
    expect(next.play).toHaveBeenCalledTimes(1);
    expect(second.currentTime).toBe(120);
    expect(requestsTo(`app/increase-content-hits/${CONTENT_ID_3}`)).toHaveLength(1);
    expect(lockScreen.session.metadata?.title).toBe('Body scan');
    expect(lockScreen.session.actions()).toContain('previoustrack');
    expect(lockScreen.session.actions()).not.toContain('nexttrack');

    // closed and opened again from the list, the item waits for play
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: /Body scan/ }));
    const reopened = await screen.findByRole('dialog', { name: 'Body scan' });
    const third = (await within(reopened).findByLabelText('Body scan')) as HTMLAudioElement;
    const again = fakePlayback(third, 600);
    act(() => again.load());
    await waitFor(() => expect(within(reopened).getByRole('status').textContent).toBe('Resumed at 2:00'));
    expect(again.play).not.toHaveBeenCalled();

    // played, its lock screen goes back to the recording before it
    await act(() => third.play());
    act(() => lockScreen.session.act('previoustrack'));
    expect(await screen.findByRole('dialog', { name: 'Morning sit' })).toBeTruthy();
  });
});

describe('previous and next in a list', () => {
  it('skip the items without audio or video and stop at the ends', () => {
    const items = [morningSit, reading, bodyScan];
    expect(neighboursOf(items, CONTENT_ID_1)).toEqual({ previous: undefined, next: bodyScan });
    expect(neighboursOf(items, CONTENT_ID_3)).toEqual({ previous: morningSit, next: undefined });
    expect(neighboursOf(items, CONTENT_ID_2)).toEqual({ previous: morningSit, next: bodyScan });
    expect(neighboursOf(items, 'elsewhere')).toEqual({ previous: undefined, next: undefined });
  });
});
