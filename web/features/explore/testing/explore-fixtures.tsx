import { useLocation } from 'react-router';
import type { ExploreAnswer, FacilitatorCard } from '@common/profiles/schemas';
import { renderPage } from '@web/testing/render-page';
import { ExplorePage } from '../explore-page';

export const MAYA = '22222222-2222-4222-8222-222222222222';
export const ROWAN = '33333333-3333-4333-8333-333333333333';

export function buildFacilitator(overrides: Partial<FacilitatorCard> = {}): FacilitatorCard {
  return { _id: MAYA, name: 'Maya Host', profilePicture: null, facilitatorCategory: 'Breathwork', ...overrides };
}

/** A 200 answer with these cards and the following page's cursor. */
export const pageOf = (facilitators: FacilitatorCard[], next: string | null = null) => ({
  status: 200,
  body: { facilitators, next } satisfies ExploreAnswer,
});

/** The address the page is at, for tests that check what ?q= holds. */
function CurrentAddress() {
  const location = useLocation();
  return <p data-testid="address">{location.pathname + location.search}</p>;
}

export const openExplore = (url = '/explore') =>
  renderPage(
    <>
      <ExplorePage />
      <CurrentAddress />
    </>,
    { path: '/explore', url },
  );
