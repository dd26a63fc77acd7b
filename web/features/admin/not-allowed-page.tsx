import { Link } from 'react-router';
import { LockClosedIcon } from '@heroicons/react/24/outline';

/** Shown to signed-in users who are not administrators when they open the admin area. */
export function NotAllowedPage() {
  return (
    <main className="flex min-h-svh items-center justify-center bg-stone-50 px-4 py-12">
      <title>Not allowed · Tend</title>
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-stone-100 text-stone-600">
          <LockClosedIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-stone-900">You are not allowed here</h1>
        <p className="mt-2 text-sm text-stone-600">
          The Admin Portal is only open to administrators. If you think you should have access, ask an administrator of
          this community.
        </p>
        <Link
          to="/"
          className="mt-6 inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Back to Tend
        </Link>
      </div>
    </main>
  );
}
