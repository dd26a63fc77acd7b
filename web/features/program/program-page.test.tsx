// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { TIER_MESSAGES } from '@common/tiers/schemas';
import { ProgramPage } from './program-page';
import {
  buildContent,
  buildTier,
  OTHER_TIER_ID,
  renderProgramScreen,
  routeFetch,
  sentTo,
  TIER_ID,
} from './testing/program-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const course = buildTier({ _id: OTHER_TIER_ID, name: 'Evening Course', type: 'single', price: 49, published: false });
const app = (tiers = [buildTier(), course], content = [buildContent('Breathe')]) => ({
  status: 200,
  body: { isFacilitator: true, tiers, content },
});

describe('ProgramPage', () => {
  it('invites the facilitator to add a tier when there is none', async () => {
    routeFetch({
      'GET app': app([], []),
      'GET app/facilitator/first-day': {
        status: 200,
        body: { payouts: 'not_linked', tiers: 0, content: 0, publishedTiers: 0 },
      },
    });
    renderProgramScreen(<ProgramPage />, '/program', '/program');
    expect(await screen.findByText('You have no tiers yet')).toBeTruthy();
    // the first day is guided
    const steps = await screen.findByRole('region', { name: 'Your first steps' });
    expect(within(steps).getByRole('link', { name: 'Create your first tier' }).getAttribute('href')).toBe(
      '/program/tier/new',
    );
    expect(screen.getByRole('link', { name: 'Add Tier' }).getAttribute('href')).toBe('/program/tier/new');
  });

  it('shows a card per tier with price, type and status, and an edit link', async () => {
    routeFetch({ 'GET app': app() });
    renderProgramScreen(<ProgramPage />, '/program', '/program');
    const cards = await screen.findByRole('list', { name: 'Tiers' });
    const [morning, evening] = within(cards).getAllByRole('listitem');
    expect(morning.textContent).toContain('/ month');
    expect(morning.textContent).toContain('Published');
    expect(evening.textContent).toContain('One-off');
    expect(evening.textContent).toContain('Draft');
    expect(evening.textContent).not.toContain('/ month');
    expect(screen.getByRole('link', { name: 'Edit Evening Course' }).getAttribute('href')).toBe(
      `/program/tier/${OTHER_TIER_ID}`,
    );
  });

  it("prices a yearly tier '/ year' and shows its free trial; a free tier just says Free", async () => {
    const yearly = buildTier({ price: 120, interval: 'year', trialDays: 7 });
    const free = buildTier({ _id: OTHER_TIER_ID, name: 'Open Sit', price: 0 });
    routeFetch({ 'GET app': app([yearly, free]) });
    renderProgramScreen(<ProgramPage />, '/program', '/program');
    const [year, open] = within(await screen.findByRole('list', { name: 'Tiers' })).getAllByRole('listitem');
    expect(year.textContent).toContain('$120 / year');
    expect(year.textContent).toContain('7-day free trial');
    expect(open.textContent).toContain('Free');
    expect(open.textContent).not.toContain('/ month');
  });

  it('selecting a tier shows its content, with Add Content for that tier', async () => {
    routeFetch({
      'GET app': app(
        [buildTier(), course],
        [buildContent('Breathe'), buildContent('Lesson one', { tiers: [OTHER_TIER_ID] })],
      ),
    });
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');
    expect(await screen.findByText('Breathe')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Evening Course/ }));
    expect(await screen.findByText('Lesson one')).toBeTruthy();
    expect(screen.queryByText('Breathe')).toBeNull();
    expect(screen.getByRole('link', { name: 'Add Content' }).getAttribute('href')).toBe(
      `/program/content/new?tier=${OTHER_TIER_ID}`,
    );
  });

  it('deletes a program after confirmation', async () => {
    const fetchMock = routeFetch({
      'GET app': app(),
      [`GET app/tier/${TIER_ID}/deletable`]: { status: 200, body: { deletable: true, activeSubscribers: 0 } },
      [`DELETE app/tier/${TIER_ID}`]: { status: 200, body: { deleted: true } },
    });
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');
    await user.click(await screen.findByRole('button', { name: 'I want to delete this program' }));
    expect(await screen.findByText('Are You Sure?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const done = (await screen.findByText(TIER_MESSAGES.deleted)).closest('[role="status"]');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(sentTo(fetchMock, `DELETE app/tier/${TIER_ID}`)).toHaveLength(1);
  });

  it('says first, next to the button, that active subscribers block the delete', async () => {
    const fetchMock = routeFetch({
      'GET app': app(),
      [`GET app/tier/${TIER_ID}/deletable`]: { status: 200, body: { deletable: false, activeSubscribers: 2 } },
    });
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');
    await user.click(await screen.findByRole('button', { name: 'I want to delete this program' }));
    const section = screen.getByRole('region', { name: 'Delete this program' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain(TIER_MESSAGES.hasSubscribers);
    expect(alert.textContent).toContain(TIER_MESSAGES.hasSubscribersDetail);
    // never asked 'This action cannot be undone' for a delete that cannot happen
    expect(screen.queryByText('Are You Sure?')).toBeNull();
    expect(sentTo(fetchMock, `DELETE app/tier/${TIER_ID}`)).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Morning Circle/ })).toBeTruthy();
  });

  it('says it next to the button when a subscriber joined after the check', async () => {
    routeFetch({
      'GET app': app(),
      [`GET app/tier/${TIER_ID}/deletable`]: { status: 200, body: { deletable: true, activeSubscribers: 0 } },
      [`DELETE app/tier/${TIER_ID}`]: {
        status: 409,
        body: { error: 'tier_has_subscribers', message: TIER_MESSAGES.hasSubscribersDetail },
      },
    });
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');
    await user.click(await screen.findByRole('button', { name: 'I want to delete this program' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const section = screen.getByRole('region', { name: 'Delete this program' });
    expect((await within(section).findByRole('alert')).textContent).toContain(TIER_MESSAGES.hasSubscribersDetail);
  });

  it('deletes content after confirmation', async () => {
    const breathe = buildContent('Breathe');
    const fetchMock = routeFetch({
      'GET app': app(undefined, [breathe]),
      [`DELETE app/content/${breathe._id}`]: { status: 200, body: {} },
    });
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');
    await user.click(await screen.findByRole('button', { name: 'Delete Breathe' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sentTo(fetchMock, `DELETE app/content/${breathe._id}`)).toHaveLength(1));
  });

  it('offers a retry when the program cannot load', async () => {
    routeFetch({ 'GET app': { status: 500, body: {} } });
    renderProgramScreen(<ProgramPage />, '/program', '/program');
    expect(await screen.findByText('We could not load your program.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Preview as a member', () => {
  it('shows the tier as a member who joins today sees it, and opens an item', async () => {
    const first = buildContent('First breath', { inPostQueue: true, description: 'Sit and breathe.' });
    const second = buildContent('Second breath', { inPostQueue: true });
    const draft = buildContent('Half-written');
    routeFetch({ 'GET app': app([buildTier({ contentQueue: [first._id, second._id] })], [first, second, draft]) });
    const { user } = renderProgramScreen(<ProgramPage />, '/program', '/program');
    await user.click(await screen.findByRole('button', { name: 'Preview as a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Morning Circle, as a member sees it' });
    const firstDay = within(dialog).getByRole('region', { name: 'On their first day' });
    expect(
      within(firstDay)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('First breath')]);
    expect(within(dialog).getByRole('region', { name: 'Later' }).textContent).toContain('Day 2Second breath');
    expect(within(dialog).getByRole('region', { name: 'Not shown to members' }).textContent).toContain('Half-written');
    await user.click(within(firstDay).getByRole('button', { name: 'Open First breath' }));
    expect(within(firstDay).getByText('Sit and breathe.')).toBeTruthy();
  });
});
