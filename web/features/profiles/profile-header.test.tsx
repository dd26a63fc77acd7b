// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { buildProfile, MAYA, openProfile, routeFetch } from './testing/profile-fixtures';

resetPageBetweenTests({ token: 'member-token' });

describe('Profile header', () => {
  it('shows name, category, joined date (MM/dd/yyyy) and a bio cut at 100 characters with show more / show less', async () => {
    const bio = `${'Breathe in, breathe out. '.repeat(5)}The end.`;
    routeFetch({ [`GET app/facilitator/${MAYA}`]: { status: 200, body: buildProfile({ bio }) } });
    const { user } = openProfile();

    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Host' })).toBeTruthy();
    expect(screen.getByText('Breathwork')).toBeTruthy();
    expect(screen.getByText('01/05/2025')).toBeTruthy();
    expect(screen.getByText(/^Joined/)).toBeTruthy();
    expect(screen.getByText(`${bio.slice(0, 100).trimEnd()}…`)).toBeTruthy();

    const more = screen.getByRole('button', { name: 'show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(screen.getByText(bio)).toBeTruthy();
    const less = screen.getByRole('button', { name: 'show less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    await user.click(less);
    expect(screen.queryByText(bio)).toBeNull();
  });

  it('a bio of 100 characters or fewer is shown whole, without show more', async () => {
    const bio = 'x'.repeat(100);
    routeFetch({ [`GET app/facilitator/${MAYA}`]: { status: 200, body: buildProfile({ bio }) } });
    openProfile();
    expect(await screen.findByText(bio)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'show more' })).toBeNull();
  });

  it('offers a message link to /messages?with={id} when the viewer may message them', async () => {
    routeFetch({ [`GET app/facilitator/${MAYA}`]: { status: 200, body: buildProfile({ canMessage: true }) } });
    openProfile();
    const link = await screen.findByRole('link', { name: 'Message Maya Host' });
    expect(link.getAttribute('href')).toBe(`/messages?with=${MAYA}`);
  });

  it('shows no message icon without canMessage', async () => {
    routeFetch({ [`GET app/facilitator/${MAYA}`]: { status: 200, body: buildProfile({ canMessage: false }) } });
    openProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Host' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Message/ })).toBeNull();
  });
});

describe('Profile not found', () => {
  it('an unknown profile says so and links home', async () => {
    routeFetch();
    openProfile('/profile/99999999-9999-4999-8999-999999999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
  });

  it('a failed load offers to try again', async () => {
    routeFetch({ [`GET app/facilitator/${MAYA}`]: { status: 500, body: { error: 'boom' } } });
    openProfile();
    expect(await screen.findByText('We could not load this profile.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
