// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { BLOCK_TEXTS } from '@common/blocks/schemas';
import { renderPage } from '@web/testing/render-page';
import { PostCard } from './post-card';
import { buildPost, ME } from './testing/post-fixtures';

afterEach(cleanup);

describe('a post by someone I block', () => {
  it('is one collapsed row until Show opens it', async () => {
    const { user } = renderPage(<PostCard post={buildPost({ text: 'loud words', authorBlocked: true })} userId={ME} />);
    expect(screen.getByRole('article', { name: BLOCK_TEXTS.collapsedPost })).toBeTruthy();
    expect(screen.queryByText('loud words')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show the post' }));
    expect(screen.getByText('loud words')).toBeTruthy();
  });

  it('shows every other post as it is', () => {
    renderPage(<PostCard post={buildPost({ text: 'kind words' })} userId={ME} />);
    expect(screen.getByText('kind words')).toBeTruthy();
    expect(screen.queryByText(BLOCK_TEXTS.collapsedPost)).toBeNull();
  });
});
