import { LockClosedIcon } from '@heroicons/react/24/outline';
import { FullPageNotice } from '@web/components/full-page-notice';

/** Shown to signed-in users who are not administrators when they open the admin area. */
export function NotAllowedPage() {
  return (
    <FullPageNotice
      pageTitle="Not allowed"
      widthClassName="max-w-md"
      icon={
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-stone-100 text-stone-600">
          <LockClosedIcon className="size-6" aria-hidden="true" />
        </span>
      }
      heading="You are not allowed here"
    >
      <p className="mt-2 text-sm text-stone-600">
        The Admin Portal is only open to administrators. If you think you should have access, ask an administrator of
        this community.
      </p>
    </FullPageNotice>
  );
}
