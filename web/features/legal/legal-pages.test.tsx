// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { BrandContext } from '@web/components/brand';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { routeFetch } from '@web/testing/route-fetch';
import { ContactUsPage } from './contact-us-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { TermsPage } from './terms-page';

resetPageBetweenTests();

const page = (name: string, markdown: string) => ({
  [`GET site/page/${name}`]: { status: 200, body: { name, markdown } },
});

describe('Terms, Privacy and Contact', () => {
  it('show the admin’s Markdown safely: no raw HTML, links only to http(s), mailto or this site', async () => {
    routeFetch(
      page(
        'terms',
        '## House rules\n\n<img src=x onerror="alert(1)"><em>raw</em> [a](javascript:alert(1)) [b](data:text/html,x) [c](//evil.example) [d](https://ok.example) [e](mailto:a@b.example) [f](/contact-us)\n\n![pic](https://tracker.example/p.png)',
      ),
    );
    renderPage(<TermsPage />);
    expect(await screen.findByRole('heading', { name: 'House rules' })).toBeTruthy();
    const article = screen.getByRole('article');
    expect(article.querySelector('img')).toBeNull();
    expect(article.querySelector('em')).toBeNull();
    expect(screen.queryByRole('link', { name: 'a' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'b' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'c' })).toBeNull();
    expect(screen.getByRole('link', { name: 'd' }).getAttribute('href')).toBe('https://ok.example');
    expect(screen.getByRole('link', { name: 'd' }).getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'e' }).getAttribute('href')).toBe('mailto:a@b.example');
    expect(screen.getByRole('link', { name: 'f' }).getAttribute('href')).toBe('/contact-us');
    // the built-in text is not shown beside the admin's
    expect(screen.queryByText(/Practices are not medical advice/)).toBeNull();
  });

  it('fall back to the built-in text, in the site’s name, when the admin wrote none', async () => {
    routeFetch(page('privacy', '   '));
    renderPage(
      <BrandContext.Provider value={{ siteName: 'Quiet Harbour', logoUrl: '', accentColor: '#1d4ed8' }}>
        <PrivacyPolicyPage />
      </BrandContext.Provider>,
    );
    expect(await screen.findByText(/^Quiet Harbour keeps only what it needs/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeTruthy();
    expect(screen.queryByText(/\bTend\b/)).toBeNull();
  });

  it('offer Retry when the page cannot be loaded', async () => {
    routeFetch({ 'GET site/page/contact': { status: 500, body: { error: 'internal_error' } } });
    renderPage(<ContactUsPage />);
    expect(await screen.findByText('We could not load the Contact Us.')).toBeTruthy();
  });
});
