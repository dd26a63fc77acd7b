import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminSiteAnswer,
  SaveSiteRequest,
  SiteAnswer,
  SitePageAnswer,
  SitePageParams,
} from '../../../common/site/schemas';
import { requireUser } from '../auth/policy';
import { authorize } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { asAdmin } from '../admin/audit';
import { imageHostSettings } from '../uploads/image-host';
import { createHash } from 'node:crypto';
import { AppIconParams, AppIconQuery, WebAppManifest } from '../../../common/site/app-manifest';
import { canEditSite, canReadSite } from './policy';
import { appIconCache, iconVersion } from './app-icons';
import { presentAdminSite, presentAppManifest, presentSite } from './presenter';
import { loadPublicSite, loadSitePage, loadSiteSettings } from './queries';
import { saveSiteSettings } from './service';

/**
 * Public answers change only when an admin saves: the browser keeps them and asks again each
 * time with If-None-Match (no-cache), so a save shows on the next page load and an unchanged
 * brand costs a 304.
 */
function notModified(req: FastifyRequest, reply: FastifyReply, tag: string): boolean {
  const etag = `"${tag}"`;
  reply.header('cache-control', 'no-cache').header('etag', etag);
  if (req.headers['if-none-match'] !== etag) return false;
  reply.code(304);
  return true;
}

/** 304: the copy the browser holds is current (no body). */
const NotModified = z.null().describe('Not modified: the copy named by If-None-Match is current');

/** 401 for visitors, 403 for everyone but admins (policy: canEditSite). */
function requireSiteEditor(req: FastifyRequest) {
  const user = requireUser(req);
  authorize(canEditSite(user), () => forbidden('admin_only'));
  return user;
}

/** The site's brand and pages (public), and Admin → Site settings (admins only). */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/site', { schema: { response: { 200: SiteAnswer, 304: NotModified } } }, async (req, reply) => {
    authorize(canReadSite(req.user));
    const site = await loadPublicSite(ctx);
    if (notModified(req, reply, `site-${site.updatedAt.getTime()}`)) return reply.send(null);
    return presentSite(site);
  });

  app.get(
    '/site/page/:name',
    { schema: { params: SitePageParams, response: { 200: SitePageAnswer, 304: NotModified } } },
    async (req, reply) => {
      authorize(canReadSite(req.user));
      const page = await loadSitePage(ctx, req.params.name);
      if (notModified(req, reply, `${req.params.name}-${page.updatedAt.getTime()}`)) return reply.send(null);
      return { name: req.params.name, markdown: page.markdown };
    },
  );

  app.get('/admin/site', { schema: { response: { 200: AdminSiteAnswer } } }, async (req) => {
    requireSiteEditor(req);
    return presentAdminSite(await loadSiteSettings(ctx));
  });

  app.post('/admin/site', { schema: { body: SaveSiteRequest, response: { 200: AdminSiteAnswer } } }, async (req) => {
    const admin = requireSiteEditor(req);
    const saved = await saveSiteSettings(asAdmin(ctx, admin), {
      input: req.body,
      imageUrlEndpoint: imageHostSettings(ctx).urlEndpoint,
    });
    return presentAdminSite(saved);
  });
};

/**
 * The installable app, at the site's root where browsers look: the web app manifest, built from
 * the brand (revalidated with its ETag, so a renamed site or a new logo reaches installed apps),
 * and the icons drawn from the logo (immutable under the version the manifest names them with).
 */
export const siteAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const icons = appIconCache();

  app.get(
    '/manifest.webmanifest',
    { schema: { response: { 200: WebAppManifest, 304: NotModified } } },
    async (req, reply) => {
      authorize(canReadSite(req.user));
      const site = await loadPublicSite(ctx);
      const manifest = presentAppManifest(site, iconVersion(site));
      const tag = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 16);
      reply.type('application/manifest+json; charset=utf-8');
      if (notModified(req, reply, `manifest-${tag}`)) return reply.send(null);
      return manifest;
    },
  );

  app.get('/app-icons/:name', { schema: { params: AppIconParams, querystring: AppIconQuery } }, async (req, reply) => {
    authorize(canReadSite(req.user));
    const site = await loadPublicSite(ctx);
    const version = iconVersion(site);
    const icon = await icons(ctx, site, req.params.name);
    reply.type('image/png');
    // the manifest's URL names this brand's icons: they never change under it
    if (req.query.v === version && !icon.standIn) {
      return reply.header('cache-control', 'public, max-age=31536000, immutable').send(icon.png);
    }
    if (notModified(req, reply, `icon-${version}-${icon.standIn ? 'stand-in' : 'logo'}`)) return reply.send(null);
    return reply.send(icon.png);
  });
};
