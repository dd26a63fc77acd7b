// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { FacilitatorReferral } from '@common/referrals/schemas';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { ReferralsPanel, REFERRALS_PANEL_TEXTS } from './referrals-panel';
import { fetchedPaths, routeFetch } from './testing/earnings-fixtures';

resetPageBetweenTests({ token: 'session-token' });

const referral = (overrides: Partial<FacilitatorReferral> = {}): FacilitatorReferral => ({
  id: 'a1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  referrer: { id: 's1', name: 'Sam Reed' },
  referee: { id: 'a1', name: 'Ada Lima' },
  signedUpAt: '2026-03-14T12:00:00.000Z',
  firstPaidAt: '2026-03-20T12:00:00.000Z',
  firstPaymentToYou: true,
  amountCents: 1200,
  ...overrides,
});
const renderPanel = () => renderPage(<ReferralsPanel />, { path: '/dashboard' });

describe("the facilitator's Referrals panel", () => {
  it('says who brought whom, when they signed up and what their first payment was', async () => {
    routeFetch({
      'app/facilitator/referrals?limit=25': {
        status: 200,
        body: {
          items: [
            referral(),
            referral({
              id: 'b1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
              referee: { id: 'b1', name: 'Bo Chen' },
              firstPaidAt: null,
              firstPaymentToYou: false,
              amountCents: null,
            }),
          ],
          next: null,
        },
      },
    });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Referrals among your members' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Sam Reed brought Ada LimaSigned up 03/14/2026 · First paid you $12 on 03/20/2026',
      'Sam Reed brought Bo ChenSigned up 03/14/2026 · Not paid yet',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Ada Lima' }).getAttribute('href')).toBe('/profile/a1');
    expect(screen.queryByRole('button', { name: REFERRALS_PANEL_TEXTS.more })).toBeNull();
  });

  it('loads the next page with Show more', async () => {
    const fetchMock = routeFetch({
      'app/facilitator/referrals?limit=25': { status: 200, body: { items: [referral()], next: 'CURSOR' } },
      'app/facilitator/referrals?limit=25&cursor=CURSOR': {
        status: 200,
        body: {
          items: [referral({ id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f', firstPaymentToYou: false })],
          next: null,
        },
      },
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: REFERRALS_PANEL_TEXTS.more }));
    expect(await screen.findByText(/First paid on 03\/20\/2026/)).toBeTruthy();
    expect(fetchedPaths(fetchMock).filter((path) => path.startsWith('app/facilitator/referrals'))).toEqual([
      'app/facilitator/referrals?limit=25',
      'app/facilitator/referrals?limit=25&cursor=CURSOR',
    ]);
  });

  it('has an empty state and a load failure with Try again', async () => {
    routeFetch({ 'app/facilitator/referrals?limit=25': { status: 200, body: { items: [], next: null } } });
    renderPanel();
    expect(await screen.findByText(REFERRALS_PANEL_TEXTS.emptyTitle)).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    routeFetch({ 'app/facilitator/referrals?limit=25': { status: 500, body: { error: 'internal_error' } } });
    renderPanel();
    expect(await screen.findByText(REFERRALS_PANEL_TEXTS.loadFailed, {}, { timeout: 5000 })).toBeTruthy();
  });
});
