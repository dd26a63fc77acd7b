// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { BrandContext } from '@web/components/brand';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { AccessibilityPage } from './accessibility-page';

resetPageBetweenTests();

describe('the accessibility statement', () => {
  it('says what is tested and how, what is known not to work, and how to report a barrier, in the site’s name', () => {
    renderPage(
      <BrandContext.Provider value={{ siteName: 'Quiet Harbour', logoUrl: '', accentColor: '#1d4ed8' }}>
        <AccessibilityPage />
      </BrandContext.Provider>,
    );
    expect(screen.getByRole('heading', { name: 'Accessibility', level: 1 })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['What we test, and how', 'Known limitations', 'Report a barrier']);
    const article = screen.getByRole('article');
    for (const tested of [/axe-core/, /1280 px and 390 px/, /Lighthouse/, /keyboard alone/, /forced colours/i])
      expect(article.textContent).toMatch(tested);
    expect(article.textContent).toMatch(/screen reader/);
    const report = screen.getByRole('heading', { name: 'Report a barrier' }).parentElement!;
    expect(within(report).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact-us');
    expect(report.textContent).toContain('reply to any email you have received from Quiet Harbour');
    expect(screen.queryByText(/\bTend\b/)).toBeNull();
  });

  it('is linked from the footer of every public page', () => {
    renderPage(<AccessibilityPage />);
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Accessibility' }).getAttribute('href')).toBe('/accessibility');
  });
});
