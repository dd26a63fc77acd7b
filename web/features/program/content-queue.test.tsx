// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ContentAnswer } from '@common/content/schemas';
import type { TierAnswer } from '@common/tiers/schemas';
import { ProgramPage } from './program-page';
import { buildContent, buildTier, renderProgramScreen, routeFetch, sentTo, TIER_ID } from './testing/program-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const breathe = buildContent('Breathe');
const stretch = buildContent('Stretch');
const listen = buildContent('Listen');
const extra = buildContent('Read me', { contentType: 'reading' });

/** GET app answers the current state; POST app/tier stores the queue it is sent. */
function serveProgram(tier: TierAnswer, content: ContentAnswer[]) {
  let current = tier;
  return routeFetch({
    'GET app': () => ({ status: 200, body: { isFacilitator: true, tiers: [current], content } }),
    'POST app/tier': (body) => {
      current = { ...current, contentQueue: (body as { contentQueue: string[] }).contentQueue };
      return { status: 200, body: current };
    },
  });
}

const queueTitles = () =>
  within(screen.getByRole('list', { name: 'Content Queue' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

describe('Content Queue', () => {
  it('labels each item Day N = position × frequency + 1 and states the cadence', async () => {
    const tier = buildTier({ contentQueue: [breathe._id, stretch._id, listen._id], contentQueueFrequency: 2 });
    serveProgram(tier, [breathe, stretch, listen]);
    renderProgramScreen(<ProgramPage />, '/program', '/program');

    const queue = await screen.findByRole('list', { name: 'Content Queue' });
    expect(screen.getByText('Releases every 2 days to new subscribers')).toBeTruthy();
    const items = within(queue).getAllByRole('listitem');
    expect(
      items.map((li) => [within(li).getByText(/^Day \d+$/).textContent, li.textContent?.includes('Breathe')]),
    ).toEqual([
      ['Day 1', true],
      ['Day 3', false],
      ['Day 5', false],
    ]);
    expect(queueTitles()[2]).toContain('Listen');
  });

  it('says day-by-day for a frequency of 1', async () => {
    serveProgram(buildTier({ contentQueue: [breathe._id] }), [breathe]);
    renderProgramScreen(<ProgramPage />, '/program', `/program?tier=${TIER_ID}`);
    expect(await screen.findByText('Releases day-by-day to new subscribers')).toBeTruthy();
    expect(screen.getByText('Day 1')).toBeTruthy();
  });

  it('disables moving past either end', async () => {
    serveProgram(buildTier({ contentQueue: [breathe._id, stretch._id] }), [breathe, stretch]);
    renderProgramScreen(<ProgramPage />, '/program', '/program');
    const up = await screen.findByRole('button', { name: 'Move Breathe up' });
    expect((up as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Stretch down' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Breathe down' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('moving an item up posts the reordered ids and shows the new order', async () => {
    const fetchMock = serveProgram(buildTier({ contentQueue: [breathe._id, stretch._id, listen._id] }), [
      breathe,
      stretch,
      listen,
    ]);
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');

    await user.click(await screen.findByRole('button', { name: 'Move Listen up' }));

    await waitFor(() => expect(sentTo(fetchMock, 'POST app/tier')).toHaveLength(1));
    expect(sentTo(fetchMock, 'POST app/tier')[0]).toEqual({
      _id: TIER_ID,
      contentQueue: [breathe._id, listen._id, stretch._id],
      previousContentQueue: [breathe._id, stretch._id, listen._id],
    });
    await waitFor(() => expect(queueTitles()[1]).toContain('Listen'));
    expect(queueTitles()[1]).toContain('Day 2');
  });

  it('moving an item down posts the reordered ids; successive moves build on each other', async () => {
    const fetchMock = serveProgram(buildTier({ contentQueue: [breathe._id, stretch._id, listen._id] }), [
      breathe,
      stretch,
      listen,
    ]);
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');

    await user.click(await screen.findByRole('button', { name: 'Move Breathe down' }));
    await waitFor(() => expect(queueTitles()[1]).toContain('Breathe'));
    await user.click(screen.getByRole('button', { name: 'Move Breathe down' }));

    await waitFor(() => expect(sentTo(fetchMock, 'POST app/tier')).toHaveLength(2));
    expect(sentTo(fetchMock, 'POST app/tier')).toEqual([
      {
        _id: TIER_ID,
        contentQueue: [stretch._id, breathe._id, listen._id],
        previousContentQueue: [breathe._id, stretch._id, listen._id],
      },
      {
        _id: TIER_ID,
        contentQueue: [stretch._id, listen._id, breathe._id],
        previousContentQueue: [stretch._id, breathe._id, listen._id],
      },
    ]);
    await waitFor(() => expect(queueTitles()[2]).toContain('Breathe'));
    // At the bottom, 'down' is disabled: focus stays on the item's other arrow.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Breathe up' }));
  });

  it('puts an item from the plan at the end of the queue', async () => {
    const fetchMock = serveProgram(buildTier({ contentQueue: [breathe._id] }), [breathe, extra]);
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');

    const plan = await screen.findByRole('list', { name: 'Content inside this plan' });
    await user.click(within(plan).getByRole('button', { name: 'Add to queue: Read me' }));

    await waitFor(() =>
      expect(sentTo(fetchMock, 'POST app/tier')).toEqual([
        { _id: TIER_ID, contentQueue: [breathe._id, extra._id], previousContentQueue: [breathe._id] },
      ]),
    );
    await waitFor(() => expect(queueTitles()[1]).toContain('Read me'));
    expect(queueTitles()[1]).toContain('Day 2');
  });

  it('moves at once, before the server answers', async () => {
    let answer: (a: { status: number; body: unknown }) => void = () => undefined;
    routeFetch({
      'GET app': {
        status: 200,
        body: {
          isFacilitator: true,
          tiers: [buildTier({ contentQueue: [breathe._id, stretch._id] })],
          content: [breathe, stretch],
        },
      },
      'POST app/tier': () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');
    await user.click(await screen.findByRole('button', { name: 'Move Stretch up' }));
    expect(queueTitles()[0]).toContain('Stretch');
    answer({ status: 200, body: buildTier({ contentQueue: [stretch._id, breathe._id] }) });
  });

  it("an item taken out of the queue no longer reads 'In the queue'", async () => {
    const queued = { ...breathe, inPostQueue: true };
    serveProgram(buildTier({ contentQueue: [breathe._id] }), [queued]);
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');
    await user.click(await screen.findByRole('button', { name: 'Take Breathe out of the queue' }));
    const plan = await screen.findByRole('list', { name: 'Content inside this plan' });
    expect(within(plan).getAllByRole('listitem')[0]!.textContent).toContain('Not scheduled yet');
    expect(plan.textContent).not.toContain('In the queue');
  });

  it('says a course releases everything at once', async () => {
    serveProgram(buildTier({ releaseAllContent: true, contentQueue: [breathe._id] }), [breathe]);
    renderProgramScreen(<ProgramPage />, '/program', '/program');
    expect(
      await screen.findByText('This is a course: all of its content releases at once to new members.'),
    ).toBeTruthy();
  });

  it('shows the saved order again when saving fails', async () => {
    const fetchMock = routeFetch({
      'GET app': {
        status: 200,
        body: {
          isFacilitator: true,
          tiers: [buildTier({ contentQueue: [breathe._id, stretch._id] })],
          content: [breathe, stretch],
        },
      },
      'POST app/tier': { status: 500, body: { error: 'internal_error', message: 'Boom' } },
    });
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');
    await user.click(await screen.findByRole('button', { name: 'Move Stretch up' }));
    await waitFor(() => expect(sentTo(fetchMock, 'POST app/tier')).toHaveLength(1));
    await waitFor(() => expect(queueTitles()[0]).toContain('Breathe'));
  });
});
