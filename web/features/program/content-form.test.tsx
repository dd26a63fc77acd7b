// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { CONTENT_MESSAGES } from '@common/content/schemas';
import { ContentFormPage } from './content-form-page';
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

const tiers = [
  buildTier(),
  buildTier({ _id: OTHER_TIER_ID, name: 'Evening Course', type: 'single', releaseAllContent: true }),
];
const PATH = '/program/content/:id';

function serve(extra: Parameters<typeof routeFetch>[0] = {}) {
  return routeFetch({
    'GET app': { status: 200, body: { isFacilitator: true, tiers, content: [] } },
    'POST app/content/new': (body) => ({ status: 200, body: buildContent('Saved', body as object) }),
    ...extra,
  });
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const dateInput = () => screen.queryByLabelText('Posted date') as HTMLInputElement | null;

async function fillBasics(user: ReturnType<typeof renderProgramScreen>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Body scan');
  await user.click(radio('Meditation'));
}

describe('content scheduling', () => {
  it('defaults new content to the post queue', async () => {
    serve();
    renderProgramScreen(<ContentFormPage />, PATH, '/program/content/new');
    await screen.findByRole('textbox', { name: 'Title' });
    expect(radio('Add to post queue').checked).toBe(true);
    expect(radio('Schedule for a date').checked).toBe(false);
    expect(radio('Post now').checked).toBe(false);
    expect(dateInput()).toBeNull();
  });

  it('choosing one mode clears the others, including a typed date', async () => {
    serve();
    const { user } = renderProgramScreen(<ContentFormPage />, PATH, '/program/content/new');
    await screen.findByRole('textbox', { name: 'Title' });

    await user.click(radio('Schedule for a date'));
    expect(radio('Add to post queue').checked).toBe(false);
    fireEvent.change(dateInput()!, { target: { value: '2030-05-01T09:30' } });
    expect(dateInput()!.value).toBe('2030-05-01T09:30');

    await user.click(radio('Post now'));
    expect(radio('Schedule for a date').checked).toBe(false);
    expect(dateInput()).toBeNull();

    await user.click(radio('Schedule for a date'));
    expect(dateInput()!.value).toBe('');
  });

  it('sends only the chosen mode: post now after a date was typed', async () => {
    const fetchMock = serve();
    const { user } = renderProgramScreen(<ContentFormPage />, PATH, `/program/content/new?tier=${TIER_ID}`);
    await fillBasics(user);
    await user.click(radio('Schedule for a date'));
    fireEvent.change(dateInput()!, { target: { value: '2030-05-01T09:30' } });
    await user.click(radio('Post now'));
    await user.click(screen.getByRole('button', { name: 'Create Content' }));

    expect((await screen.findByTestId('location')).textContent).toBe(`/program?tier=${TIER_ID}`);
    expect(sentTo(fetchMock, 'POST app/content/new')[0]).toMatchObject({
      title: 'Body scan',
      contentType: 'meditation',
      tiers: [TIER_ID],
      inPostQueue: false,
      postNow: true,
      postedDate: null,
    });
  });

  it('sends the date, and no other mode, when scheduling', async () => {
    const fetchMock = serve();
    const { user } = renderProgramScreen(<ContentFormPage />, PATH, `/program/content/new?tier=${TIER_ID}`);
    await fillBasics(user);
    await user.click(radio('Schedule for a date'));
    fireEvent.change(dateInput()!, { target: { value: '2030-05-01T09:30' } });
    await user.click(screen.getByRole('button', { name: 'Create Content' }));

    await screen.findByTestId('location');
    const sent = sentTo(fetchMock, 'POST app/content/new')[0] as {
      inPostQueue: boolean;
      postNow: boolean;
      postedDate: string;
    };
    expect([sent.inPostQueue, sent.postNow]).toEqual([false, false]);
    expect(new Date(sent.postedDate).getTime()).toBe(new Date('2030-05-01T09:30').getTime());
  });

  it('requires a date when scheduling for a date', async () => {
    const fetchMock = serve();
    const { user } = renderProgramScreen(<ContentFormPage />, PATH, `/program/content/new?tier=${TIER_ID}`);
    await fillBasics(user);
    await user.click(radio('Schedule for a date'));
    await user.click(screen.getByRole('button', { name: 'Create Content' }));

    expect(await screen.findByText(CONTENT_MESSAGES.postedDateRequired)).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/content/new')).toEqual([]);
  });

  it('offers no choice for content that already has a posted date', async () => {
    const scheduled = buildContent('Later', { postedDate: '2030-05-01T09:30:00.000Z' });
    serve({ [`GET app/content/${scheduled._id}`]: { status: 200, body: scheduled } });
    renderProgramScreen(<ContentFormPage />, PATH, `/program/content/${scheduled._id}`);
    expect(await screen.findByText(/^Scheduled for 05\/01\/2030 at \d\d:30\.$/)).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Post now' })).toBeNull();
  });
});

describe('tier assignment', () => {
  it('pre-checks the ?tier tier, warns when none is checked, and refuses to save', async () => {
    const fetchMock = serve();
    const { user } = renderProgramScreen(<ContentFormPage />, PATH, `/program/content/new?tier=${TIER_ID}`);
    await fillBasics(user);
    expect(screen.getByText(CONTENT_MESSAGES.tiersPrompt)).toBeTruthy();
    const morning = screen.getByRole('checkbox', { name: /Morning Circle/ }) as HTMLInputElement;
    expect(morning.checked).toBe(true);
    expect(screen.queryByText(CONTENT_MESSAGES.tiersWarning)).toBeNull();

    await user.click(morning);
    expect(screen.getByText(CONTENT_MESSAGES.tiersWarning)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Content' }));
    expect(await screen.findByText('Please check for errors')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/content/new')).toEqual([]);
  });

  it('says course tiers release everything at once', async () => {
    serve();
    const { user } = renderProgramScreen(<ContentFormPage />, PATH, '/program/content/new');
    await user.click(await screen.findByRole('checkbox', { name: /Evening Course/ }));
    await waitFor(() =>
      expect(screen.getByText('Course tiers release all of their content at once to new members.')).toBeTruthy(),
    );
  });
});
