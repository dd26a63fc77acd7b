import { EnvelopeIcon } from '@heroicons/react/24/outline';

/**
 * The mail as members get it: the server's own HTML of the mail (the honest preview), in a
 * sandboxed frame with no scripts, no forms and no access to this page.
 */
export function AnnouncementPreview({ html, subject }: { html: string | null; subject: string | null }) {
  return (
    <section aria-label="Email preview" className="min-w-0">
      <h3 className="mb-2 text-sm font-medium text-stone-700">Email preview</h3>
      {html === null ? (
        <div className="flex min-h-64 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-stone-300 bg-stone-50 px-6 py-10 text-center">
          <EnvelopeIcon className="size-6 text-stone-500" aria-hidden="true" />
          <p className="max-w-xs text-sm text-stone-600">
            Press Preview to see the email exactly as your members will get it.
          </p>
        </div>
      ) : (
        <div className="overflow-hidden rounded-xl border border-stone-200 bg-stone-100">
          <p className="truncate border-b border-stone-200 bg-white px-3 py-2 text-sm text-stone-800">
            <span className="text-stone-500">Subject: </span>
            {subject}
          </p>
          <iframe
            title={`Preview of the email “${subject ?? ''}”`}
            sandbox=""
            srcDoc={html}
            className="block h-[36rem] w-full bg-white"
          />
        </div>
      )}
    </section>
  );
}
