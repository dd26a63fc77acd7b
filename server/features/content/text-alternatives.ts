import { eq } from 'drizzle-orm';
import type { SaveContentRequest } from '../../../common/content/schemas';
import { CAPTIONS_MIME } from '../../../common/uploads/text-alternatives';
import { mediaFiles, type Content, type User } from '../../db/schema';
import { authorize } from '../../platform/authorize';
import type { AppContext } from '../../platform/context';
import { badRequest, forbidden } from '../../platform/errors';
import { canAttachUpload } from './policy';

type TextAlternatives = Pick<Content, 'captions' | 'transcript' | 'altText'>;

const playable = (fileType: Content['fileType']) => fileType === 'audio' || fileType === 'video';

/**
 * The captions, transcript and alt text a save stores. A field left out keeps
 * what the item had (clients that predate these fields do not send them), null or '' clears it.
 * Captions must be the owner's WebVTT upload; captions and a transcript go with audio or video
 * only (sent with other media they are refused, kept ones are dropped).
 */
export async function textAlternativesOf(
  ctx: AppContext,
  owner: User,
  input: SaveContentRequest,
  fileType: Content['fileType'],
  existing?: Content,
): Promise<TextAlternatives> {
  const pick = <K extends keyof TextAlternatives>(key: K) =>
    input[key] === undefined ? (existing?.[key] ?? null) : input[key] || null;
  const captions = pick('captions');
  const transcript = pick('transcript');
  const altText = pick('altText');
  if (!playable(fileType)) {
    if (input.captions || input.transcript) throw badRequest('captions_without_media');
    return { captions: null, transcript: null, altText };
  }
  if (captions && captions !== existing?.captions) await checkCaptionsUpload(ctx, owner, captions);
  return { captions, transcript, altText };
}

async function checkCaptionsUpload(ctx: AppContext, owner: User, key: string) {
  const [file] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.key, key)).limit(1);
  if (!file || file.contentType !== CAPTIONS_MIME) throw badRequest('captions_not_webvtt');
  authorize(canAttachUpload(owner, file), () => forbidden('not_own_upload'));
}
