// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { ProgramPage } from './program-page';
import { buildContent, buildTier, renderProgramScreen, routeFetch, sentTo } from './testing/program-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const breathe = buildContent('Breathe');
const stretch = buildContent('Stretch');
const listen = buildContent('Listen');
const QUEUE_CHANGED = 'This queue changed in another tab. It has been reloaded; please reorder again.';

const queueTitles = () =>
  within(screen.getByRole('list', { name: 'Content Queue' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

/**
 * The page loaded [Breathe, Stretch]; another tab then added Listen. The server refuses a
 * reorder made from the old queue (409 queue_changed) instead of dropping Listen.
 */
function serveChangedElsewhere() {
  const loaded = buildTier({ contentQueue: [breathe._id, stretch._id] });
  const now = buildTier({ contentQueue: [breathe._id, stretch._id, listen._id] });
  let gets = 0;
  return routeFetch({
    'GET app': () => {
      gets += 1;
      const tier = gets === 1 ? loaded : now;
      return { status: 200, body: { isFacilitator: true, tiers: [tier], content: [breathe, stretch, listen] } };
    },
    'POST app/tier': { status: 409, body: { error: 'queue_changed', message: QUEUE_CHANGED } },
  });
}

describe('a queue changed in another tab', () => {
  it('says so and reloads the queue, which then shows the item added there', async () => {
    const fetchMock = serveChangedElsewhere();
    const { user } = renderProgramScreen(
      <>
        <ProgramPage />
        <Toaster />
      </>,
      '/program',
      '/program',
    );

    await user.click(await screen.findByRole('button', { name: 'Move Stretch up' }));

    expect(await screen.findByText(QUEUE_CHANGED)).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/tier')[0]).toMatchObject({
      contentQueue: [stretch._id, breathe._id],
      previousContentQueue: [breathe._id, stretch._id],
    });
    await waitFor(() => expect(queueTitles()).toHaveLength(3));
    const titles = queueTitles();
    expect(titles[0]).toContain('Breathe');
    expect(titles[1]).toContain('Stretch');
    expect(titles[2]).toContain('Listen');
  });
});
