// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { splitLinks } from './post-links';
import { PostText } from './post-text';

afterEach(cleanup);

describe('PostText', () => {
  it('makes http(s) addresses clickable, opening safely in a new tab', () => {
    render(<PostText text="Try https://example.com/breathe?x=1. Then rest." />);
    const link = screen.getByRole('link', { name: 'https://example.com/breathe?x=1' });
    expect(link.getAttribute('href')).toBe('https://example.com/breathe?x=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('shows HTML as text instead of rendering it', () => {
    const { container } = render(
      <PostText text={'<img src=x onerror="alert(1)"><a href="javascript:alert(1)">hi</a>'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"><a href="javascript:alert(1)">hi</a>');
  });

  it('never links other schemes', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,hi ftp://x.org')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,hi ftp://x.org' },
    ]);
  });
});
