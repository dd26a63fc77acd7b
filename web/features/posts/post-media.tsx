import clsx from 'clsx';
import { POST_PHOTOS_SHOWN, type PostAnswer } from '@common/posts/schemas';
import { MediaPlayer } from '@web/components/media-player';
import { TendImage } from '@web/components/tend-image';

/** The post's media file and up to 4 photos. */
export function PostMedia({
  post,
}: {
  post: Pick<PostAnswer, 'media' | 'mediaType' | 'photos' | 'photoAlts' | 'user'>;
}) {
  const photos = post.photos.slice(0, POST_PHOTOS_SHOWN);
  if (!post.media && photos.length === 0) return null;
  return (
    <div className="mt-3 space-y-2">
      {post.media && (
        <MediaPlayer
          fileKey={post.media}
          fileType={post.mediaType}
          title={`Media shared by ${post.user.name}`}
          className="overflow-hidden rounded-xl"
          mediaClassName="w-full rounded-xl"
          maxHeight={600}
        />
      )}
      {photos.length > 0 && (
        <ul aria-label="Photos" className={clsx('grid gap-1.5', photos.length === 1 ? 'grid-cols-1' : 'grid-cols-2')}>
          {photos.map((path, i) => (
            <li key={path} className={clsx(photos.length === 3 && i === 0 && 'col-span-2')}>
              <TendImage
                path={path}
                size="sm"
                // the author's alt text; the generic one only when they wrote none
                alt={post.photoAlts?.[i]?.trim() || `Photo ${i + 1} of ${photos.length} shared by ${post.user.name}`}
                className={clsx('w-full rounded-xl', photos.length === 1 ? 'aspect-video' : 'aspect-square')}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
