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
import { canEditSite, canReadSite } from './policy';
import { presentAdminSite, presentSite } from './presenter';
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
