import { Skeleton, skeletonBlock } from './practice-panels';

/** Placeholder cards while a grid of practices or courses loads. */
export function CardsSkeleton({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <Skeleton label={label}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, card) => (
          <div key={card} className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
            <div className="aspect-video bg-stone-200/70" />
            <div className="space-y-2 p-4">
              <div className={`${skeletonBlock} h-4 w-3/4`} />
              <div className={`${skeletonBlock} h-3 w-1/2`} />
            </div>
          </div>
        ))}
      </div>
    </Skeleton>
  );
}
