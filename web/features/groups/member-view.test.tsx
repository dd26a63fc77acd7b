// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { GROUP_TEXTS } from './group-texts';
import {
  buildDetails,
  buildGroup,
  GROUP_ID,
  openGroup,
  routeFetch,
  sentTo,
  TAG_CALM,
  TAG_SLEEP,
  TAGS,
  urlsOf,
} from './testing/group-fixtures';

resetPageBetweenTests({ token: 'token' });

const DISPLAY = `GET app/group-display-data/${GROUP_ID}`;
const DETAILS = `GET app/group-details/${GROUP_ID}`;
const POSTS = `GET app/get-group-posts/${GROUP_ID}`;
const member = buildGroup({
  membershipStatus: 'approved',
  members: 8,
  memberCap: 20,
  tags: [TAG_CALM, TAG_SLEEP],
  isPrivate: true,
});
const owned = buildGroup({ membershipStatus: 'approved', isOwner: true, members: 3 });
const noPosts = { status: 200, body: { posts: [], next: null } };

const routesFor = (group: typeof member) => ({
  [DISPLAY]: { status: 200, body: group },
  [DETAILS]: { status: 200, body: buildDetails(group) },
  'GET app/tags': { status: 200, body: TAGS },
  [POSTS]: noPosts,
});

describe('GroupPage member view', () => {
  it("shows the first 3 members and 'and N others...', Leave group, and no owner tools", async () => {
    routeFetch(routesFor(member));
    openGroup();
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getAllByRole('listitem')).toHaveLength(3);
    for (const name of ['Maya Host', 'Sam Rivers', 'Ana Lopez']) {
      // each member opens their profile
      expect(within(members).getByRole('link', { name }).getAttribute('href')).toMatch(/^\/profile\/.+/);
    }
    expect(screen.getByText('and 5 others...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave group' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit group' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['About', 'Discussion']);
  });

  it('tells about the group on the About tab: category, tag texts, Private, Visible and the cap', async () => {
    routeFetch(routesFor(member));
    openGroup();
    const about = await screen.findByRole('tabpanel');
    expect(within(about).getByText('Meditation')).toBeTruthy();
    const tags = await within(about).findByRole('list', { name: 'Tags' });
    expect(tags.textContent).toBe('CalmSleep');
    expect(within(about).getByText('20 members')).toBeTruthy();
    expect(about.textContent).toContain('Private');
    expect(about.textContent).toContain('Visible');
  });

  it('leaves after confirming and goes to /community', async () => {
    const fetchMock = routeFetch({
      ...routesFor(member),
      [`DELETE app/leave-group/${GROUP_ID}`]: { status: 200, body: { left: true } },
    });
    const { user } = openGroup();
    await user.click(await screen.findByRole('button', { name: 'Leave group' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave Morning Sit Circle?' });
    await user.click(within(confirm).getByRole('button', { name: 'Leave group' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/community');
    expect(sentTo(fetchMock, `DELETE app/leave-group/${GROUP_ID}`)).toHaveLength(1);
  });

  it('gives the owner Edit group, Share and the Memberships tab, but no Leave group', async () => {
    routeFetch({ ...routesFor(owned), [`GET app/membership-requests/${GROUP_ID}`]: { status: 200, body: [] } });
    openGroup();
    expect(await screen.findByRole('button', { name: 'Edit group' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave group' })).toBeNull();
    expect(screen.queryByText(/others\.\.\./)).toBeNull();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['About', 'Discussion', 'Memberships']);
  });

  it('lists the discussion, searches it on the server and says when nothing matches', async () => {
    const fetchMock = routeFetch({ ...routesFor(member) });
    const { user } = openGroup(`/group/${GROUP_ID}?tab=discussion`);
    expect(await screen.findByText(GROUP_TEXTS.noPosts)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'New post' })).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'dawn');
    expect(await screen.findByText(GROUP_TEXTS.noPostsMatch('dawn'))).toBeTruthy();
    const urls = urlsOf(fetchMock, 'GET', `app/get-group-posts/${GROUP_ID}`);
    expect(urls.some((url) => url.includes('search=dawn'))).toBe(true);
    expect(urls.some((url) => url.includes('search=d&') || url.endsWith('search=d'))).toBe(false);
  });

  it('posts into the group from the Discussion tab', async () => {
    const fetchMock = routeFetch({
      ...routesFor(member),
      'POST app/post': {
        status: 200,
        body: {
          _id: 'p1',
          user: { _id: 'me', name: 'Me', profilePicture: null, isFacilitator: false },
          text: 'Sat for 20 minutes',
          media: null,
          mediaType: null,
          photos: [],
          postedDate: new Date().toISOString(),
          hits: 0,
          hearts: [],
          comments: 0,
          group: GROUP_ID,
        },
      },
    });
    const { user } = openGroup(`/group/${GROUP_ID}?tab=discussion`);
    await screen.findByText(GROUP_TEXTS.noPosts);
    await user.type(screen.getByLabelText('Share something with the community'), 'Sat for 20 minutes');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('article', { name: 'Post by Me' })).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/post')).toEqual([{ text: 'Sat for 20 minutes', media: null, group: GROUP_ID }]);
  });

  it('posts anonymously where the group allows it, and says so to the author', async () => {
    const anonymousGroup = { ...member, allowAnonymous: true };
    const fetchMock = routeFetch({
      ...routesFor(anonymousGroup),
      'POST app/post': (body) => ({
        status: 200,
        body: {
          ...(body as object),
          _id: 'p2',
          user: { _id: 'me', name: 'Me', profilePicture: null, isFacilitator: false },
          mediaType: null,
          photos: [],
          postedDate: new Date().toISOString(),
          hits: 0,
          hearts: [],
          comments: 0,
        },
      }),
    });
    const { user } = openGroup(`/group/${GROUP_ID}?tab=discussion`);
    await screen.findByText(GROUP_TEXTS.noPosts);
    await user.type(screen.getByLabelText('Share something with the community'), 'Hard week');
    await user.click(screen.getByRole('checkbox', { name: /Post anonymously/ }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const article = await screen.findByRole('article', { name: 'Post by Me' });
    expect(within(article).getByText(/posted anonymously/)).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/post')).toEqual([
      { text: 'Hard week', media: null, group: GROUP_ID, anonymous: true },
    ]);
  });

  it('edits the group in a dialog, prefilled, and the page shows the new name', async () => {
    let current = owned;
    const fetchMock = routeFetch({
      ...routesFor(owned),
      [DISPLAY]: () => ({ status: 200, body: current }),
      [`POST app/group/${GROUP_ID}`]: (body) => {
        current = { ...owned, ...(body as object) };
        return { status: 200, body: current };
      },
    });
    const { user } = openGroup();
    await user.click(await screen.findByRole('button', { name: 'Edit group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit group' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Morning Sit Circle');
    await user.clear(name);
    await user.type(name, 'Dawn Sit Circle');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dawn Sit Circle' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo(fetchMock, `POST app/group/${GROUP_ID}`)[0]).toMatchObject({
      name: 'Dawn Sit Circle',
      category: 'Meditation',
      memberCap: null,
    });
  });
});
