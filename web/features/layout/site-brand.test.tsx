// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { TendLogo } from '@web/components/tend-logo';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { routeFetch } from '@web/testing/route-fetch';
import { applyAccent, BRAND_STORAGE_KEY, brandedTitle, SiteBrandProvider } from './site-brand';

resetPageBetweenTests();

describe('the site’s brand in the interface', () => {
  it('puts the site name in place of Tend in page titles', () => {
    expect(brandedTitle('Explore · Tend', 'Quiet Harbour')).toBe('Explore · Quiet Harbour');
    expect(brandedTitle('Tend', 'Quiet Harbour')).toBe('Quiet Harbour');
    expect(brandedTitle('Checkout · Tend (test mode)', 'Quiet Harbour')).toBe('Checkout · Quiet Harbour (test mode)');
    expect(brandedTitle('Tending the garden · Tend', 'A $& B')).toBe('Tending the garden · A $& B');
    expect(brandedTitle('Explore · Tend', 'Tend')).toBe('Explore · Tend');
  });

  it('sets the theme’s brand shades from the accent, and the stylesheet’s own for the default', () => {
    const root = document.createElement('div');
    applyAccent('#1D4ED8', root);
    expect(root.style.getPropertyValue('--color-brand-700')).toBe('#1d4ed8');
    expect(root.style.getPropertyValue('--color-brand-50')).toMatch(/^#[0-9a-f]{6}$/);
    applyAccent('#15803d', root);
    expect(root.style.getPropertyValue('--color-brand-700')).toBe('');
  });

  it('colours the browser’s bar (theme-color) with the accent', () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#15803d';
    document.head.append(meta);
    applyAccent('#1d4ed8', document.createElement('div'));
    expect(meta.content).toBe('#1d4ed8');
    meta.remove();
  });

  it('shows Tend while GET site is on its way, then the site’s name, logo and title, and remembers them', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    routeFetch({ 'GET site': () => new Promise((resolve) => (answer = resolve)) });
    document.title = 'Explore · Tend';
    renderPage(
      <SiteBrandProvider>
        <TendLogo />
      </SiteBrandProvider>,
    );
    expect(screen.getByTestId('site-name').textContent).toBe('Tend');
    answer({ status: 200, body: { siteName: 'Quiet Harbour', logoUrl: '/images/logo.png', accentColor: '#1d4ed8' } });
    await waitFor(() => expect(screen.getByTestId('site-name').textContent).toBe('Quiet Harbour'));
    expect(screen.getByTestId('site-logo').getAttribute('src')).toBe('/images/logo.png?tr=w-600');
    await waitFor(() => expect(document.title).toBe('Explore · Quiet Harbour'));
    expect(document.documentElement.style.getPropertyValue('--color-brand-700')).toBe('#1d4ed8');
    expect(JSON.parse(localStorage.getItem(BRAND_STORAGE_KEY)!)).toMatchObject({ siteName: 'Quiet Harbour' });
    applyAccent('#15803d');
  });
});
