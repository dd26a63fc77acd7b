import type { FastifyRequest } from 'fastify';
import type { BusinessExport, User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { type Actor, canAdminister, requireUser } from '../auth/policy';

type Exporter = (Actor & Pick<User, 'isFacilitator'>) | null;

/**
 * Who may export what. Pure and deny-by-default: a facilitator exports their own business, an
 * admin the whole site; an archive is downloaded by the person who asked for it, nobody else
 * (admins neither: another person's archive is not there for them, 404).
 */
export const canExportBusiness = (user: Exporter): boolean => user?.isFacilitator === true;
export const canExportSite = (user: Exporter): boolean => canAdminister(user);
export const canDownloadExport = <R extends Pick<BusinessExport, 'requestedBy'>>(
  user: Exporter,
  row: R | undefined,
): row is R => user !== null && row !== undefined && row.requestedBy === user.id;

/** The guard of a facilitator's exports: signed in (401) and a facilitator (403). */
export function requireBusinessExporter(req: FastifyRequest): User {
  const user = requireUser(req);
  authorize(canExportBusiness(user), () => forbidden('exports_facilitators_only'));
  return user;
}

/** The guard of the site's exports: signed in (401) and an admin (403). */
export function requireSiteExporter(req: FastifyRequest): User {
  const user = requireUser(req);
  authorize(canExportSite(user), () => forbidden('admin_only'));
  return user;
}
