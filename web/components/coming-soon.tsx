import type { ReactNode } from 'react';
import { SparklesIcon } from '@heroicons/react/24/outline';

/** The shared panel for screens that are not built yet; `title` is the page heading. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl">
      <title>{`${title} · Tend`}</title>
      <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {title}
      </h1>
      {children}
      <div className="mt-6 flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-12 text-center shadow-sm">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <SparklesIcon className="size-6" aria-hidden="true" />
        </span>
        <p className="text-base font-medium text-stone-800">This page is on its way</p>
        <p className="max-w-sm text-sm text-stone-600">We are still growing this part of Tend. Check back soon.</p>
      </div>
    </section>
  );
}
