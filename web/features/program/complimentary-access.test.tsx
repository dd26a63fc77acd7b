// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { TierGrantAnswer } from '@common/tiers/grants';
import { ComplimentaryAccess } from './complimentary-access';
import { buildTier, renderProgramScreen, routeFetch, sentTo, TIER_ID } from './testing/program-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const GRANTS = `app/tier/${TIER_ID}/grants`;
const grant = (overrides: Partial<TierGrantAnswer> = {}): TierGrantAnswer => ({
  _id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
  tierId: TIER_ID,
  member: { _id: 'm1', name: 'Ana Lima' },
  email: null,
  note: 'Scholarship',
  until: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  claimedAt: null,
  revokedAt: null,
  status: 'active',
  ...overrides,
});
const render = () => renderProgramScreen(<ComplimentaryAccess tier={buildTier()} />, '/program', '/program');

describe('ComplimentaryAccess', () => {
  it('says so when nobody has complimentary access, and offers Try again after a failed load', async () => {
    routeFetch({
      [`GET ${GRANTS}`]: { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } },
    });
    render();
    expect(await screen.findByText('Complimentary access could not be loaded.')).toBeTruthy();
    routeFetch({ [`GET ${GRANTS}`]: { status: 200, body: { grants: [] } } });
    (await screen.findByRole('button', { name: 'Try again' })).click();
    expect(await screen.findByText('Nobody has complimentary access to this plan yet.')).toBeTruthy();
  });

  it('gives access by email until a date or for good, with a note', async () => {
    const fetchMock = routeFetch({
      [`GET ${GRANTS}`]: { status: 200, body: { grants: [] } },
      [`POST ${GRANTS}`]: { status: 200, body: grant({ member: null, email: 'new@example.test', status: 'waiting' }) },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Give complimentary access' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email address'), 'new@example.test');
    await user.type(within(dialog).getByLabelText('Private note'), 'Gift');
    await user.click(within(dialog).getByRole('button', { name: 'Give access' }));
    await vi.waitFor(() => expect(sentTo(fetchMock, `POST ${GRANTS}`)).toHaveLength(1));
    expect(sentTo(fetchMock, `POST ${GRANTS}`)[0]).toEqual({ email: 'new@example.test', until: null, note: 'Gift' });
  });

  it('shows a refusal in the dialog', async () => {
    routeFetch({
      [`GET ${GRANTS}`]: { status: 200, body: { grants: [] } },
      [`POST ${GRANTS}`]: {
        status: 409,
        body: { error: 'already_subscribed', message: 'This member already subscribes to this plan.' },
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Give complimentary access' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email address'), 'ana@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Give access' }));
    expect(await within(dialog).findByText('This member already subscribes to this plan.')).toBeTruthy();
  });

  it('lists live grants and revokes one after confirmation', async () => {
    const fetchMock = routeFetch({
      [`GET ${GRANTS}`]: { status: 200, body: { grants: [grant(), grant({ _id: 'x', status: 'revoked' })] } },
      [`DELETE ${GRANTS}/${grant()._id}`]: { status: 200, body: { revoked: true } },
    });
    const { user } = render();
    const list = await screen.findByRole('list', { name: 'Complimentary access' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Ana Lima')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Revoke: Ana Lima' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await vi.waitFor(() => expect(sentTo(fetchMock, `DELETE ${GRANTS}/${grant()._id}`)).toHaveLength(1));
  });
});
