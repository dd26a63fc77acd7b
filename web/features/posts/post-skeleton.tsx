/** Grey stand-ins for posts while the first page loads. */
export function PostSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading posts…</span>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="animate-pulse rounded-2xl border border-stone-200 bg-white p-4 motion-reduce:animate-none sm:p-5"
        >
          <div className="flex items-center gap-3">
            <div className="size-10 rounded-full bg-stone-200" />
            <div className="space-y-2">
              <div className="h-3 w-32 rounded bg-stone-200" />
              <div className="h-2.5 w-20 rounded bg-stone-100" />
            </div>
          </div>
          <div className="mt-4 space-y-2">
            <div className="h-3 w-full rounded bg-stone-100" />
            <div className="h-3 w-2/3 rounded bg-stone-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
