// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { errorText } from '@common/errors';
import { type AdminSiteAnswer, DEFAULT_SITE_SETTINGS } from '@common/site/schemas';
import { SITE_QUERY_KEY } from '@web/components/brand';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { routeFetch, sentTo } from '@web/testing/route-fetch';
import { SiteSettingsPage } from './site-settings-page';

resetPageBetweenTests({ token: 'token' });

const SITE: AdminSiteAnswer = {
  ...DEFAULT_SITE_SETTINGS,
  logoUrl: '/images/0b7c3c5e-8a54-4d3c-9a0e-7f1f2d3c4b5a.png',
  membersMayBecomeFacilitators: true,
  updatedAt: '2026-11-24T10:00:00.000Z',
};
const IMAGE_CONFIG = { status: 200, body: { urlEndpoint: '/images', publicKey: 'k', uploadUrl: '/api/images/upload' } };

const open = (routes: Parameters<typeof routeFetch>[0] = {}) => {
  const fetchMock = routeFetch({
    'GET admin/site': { status: 200, body: SITE },
    'GET image-config': IMAGE_CONFIG,
    ...routes,
  });
  return { fetchMock, ...renderPage(<SiteSettingsPage />, { path: '/admin/site' }) };
};

// typing into several fields takes a few seconds on a busy machine
const SLOW = 20_000;

describe('Admin → Site settings', () => {
  it(
    'loads every setting and saves them, the logo as its image URL; the app’s brand follows at once',
    async () => {
      const { fetchMock, user, queryClient } = open({
        'POST admin/site': (body) => ({
          status: 200,
          body: { ...SITE, ...(body as object), updatedAt: '2026-11-24T11:00:00.000Z' },
        }),
      });
      const name = await screen.findByRole('textbox', { name: 'Site name' });
      expect((name as HTMLInputElement).value).toBe('Tend');
      expect(screen.getByRole('img', { name: 'Logo preview' })).toBeTruthy();

      await user.clear(name);
      await user.type(name, '  Quiet Harbour ');
      const accent = screen.getByRole('textbox', { name: 'Accent colour' });
      await user.clear(accent);
      await user.type(accent, '#1D4ED8');
      expect(screen.getByText('White text on it: 6.7:1 (readable)')).toBeTruthy();
      await user.type(screen.getByRole('textbox', { name: 'Sender address' }), 'hello@harbour.example');
      await user.type(screen.getByRole('textbox', { name: 'Contact Us' }), 'Write to us.');
      const selfService = screen.getByRole('checkbox', { name: /Members may become facilitators/ }) as HTMLInputElement;
      expect(selfService.checked).toBe(true);
      await user.click(selfService);
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(sentTo(fetchMock, 'POST admin/site')).toHaveLength(1));
      expect(sentTo(fetchMock, 'POST admin/site')[0]).toEqual({
        siteName: 'Quiet Harbour',
        logoUrl: SITE.logoUrl,
        accentColor: '#1d4ed8',
        senderName: '',
        senderAddress: 'hello@harbour.example',
        termsMarkdown: '',
        privacyMarkdown: '',
        contactMarkdown: 'Write to us.',
        membersMayBecomeFacilitators: false,
        newAccountDays: 3,
        newAccountPostsPerHour: 5,
        newAccountMessagesPerHour: 10,
        // the safety settings the answer did not carry: their defaults
        reportHideThreshold: 3,
        crisisResources: '',
      });
      await waitFor(() =>
        expect(queryClient.getQueryData(SITE_QUERY_KEY)).toEqual({
          siteName: 'Quiet Harbour',
          logoUrl: SITE.logoUrl,
          accentColor: '#1d4ed8',
        }),
      );
    },
    SLOW,
  );

  it(
    'sends an empty logo URL once the logo is removed',
    async () => {
      const { fetchMock, user } = open({
        'POST admin/site': (body) => ({ status: 200, body: { ...SITE, ...(body as object) } }),
      });
      await user.click(await screen.findByRole('button', { name: /Remove/ }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(sentTo(fetchMock, 'POST admin/site')).toHaveLength(1));
      expect(sentTo(fetchMock, 'POST admin/site')[0]).toMatchObject({ logoUrl: '' });
    },
    SLOW,
  );

  it(
    'refuses an accent white text cannot be read on, and sends nothing',
    async () => {
      const { fetchMock, user } = open();
      const accent = await screen.findByRole('textbox', { name: 'Accent colour' });
      await user.clear(accent);
      await user.type(accent, '#facc15');
      expect(screen.getByText(/White text on it: 1\.\d:1 \(too light, needs 4\.5:1\)/)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(/hard to read/)).toBeTruthy();
      expect(sentTo(fetchMock, 'POST admin/site')).toEqual([]);
    },
    SLOW,
  );

  it(
    'previews a page’s Markdown without raw HTML or unsafe links',
    async () => {
      const { user } = open({
        'GET admin/site': {
          status: 200,
          body: {
            ...SITE,
            termsMarkdown: '## Rules\n\n<b>raw</b> [bad](javascript:alert(1)) [ok](https://example.com)',
          },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Preview Terms of Service' }));
      const preview = screen.getByRole('region', { name: 'Terms of Service preview' });
      expect(within(preview).getByRole('heading', { name: 'Rules' })).toBeTruthy();
      expect(preview.querySelector('b')).toBeNull();
      expect(within(preview).queryByRole('link', { name: 'bad' })).toBeNull();
      expect(within(preview).getByRole('link', { name: 'ok' }).getAttribute('href')).toBe('https://example.com');
      await user.click(screen.getByRole('button', { name: 'Preview Privacy Policy' }));
      expect(screen.getByText('Empty: visitors see the built-in Privacy Policy.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows the server’s refusal and offers Retry',
    async () => {
      const { user } = open({
        'POST admin/site': {
          status: 400,
          body: { error: 'logo_not_uploaded', message: errorText('logo_not_uploaded') },
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Save' }));
      expect(await screen.findByText(/Upload the logo here/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'offers Retry when the settings cannot be loaded',
    async () => {
      open({ 'GET admin/site': { status: 500, body: { error: 'internal_error' } } });
      expect(await screen.findByText('We could not load the site settings.')).toBeTruthy();
    },
    SLOW,
  );
});
