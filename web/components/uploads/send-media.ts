import { FileType } from '@common/content/schemas';
import { UploadAnswer } from '@common/uploads/schemas';
import { apiUrl } from '@web/api/client';
import { sendUpload } from '@web/api/upload';
import { mediaKindOf } from '../media-player';
import type { SendFile } from './use-uploads';

/** What app/upload stored: the file key, the kind of media the server detected, and its content type. */
export type UploadedMedia = { url: string; fileType: FileType; contentType: string };

/** Sends one media file (audio, video, image, document or captions) to app/upload, for `useUploads`. */
export const sendMedia: SendFile<UploadedMedia> = async (file, transfer) => {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await sendUpload(apiUrl('app/upload'), form, transfer);
  if (answer === undefined) return undefined;
  const parsed = UploadAnswer.parse(answer);
  const type = FileType.safeParse(parsed.fileType);
  return {
    url: parsed.url,
    fileType: type.success ? type.data : mediaKindOf(parsed.contentType),
    contentType: parsed.contentType,
  };
};
