import { Skeleton, skeletonBlock } from '@web/components/state-panels';

export { EmptyPanel, LoadFailed } from '@web/components/state-panels';

/** Grey cards while a list loads. */
export function CardsSkeleton({ label, count = 2 }: { label: string; count?: number }) {
  return (
    <Skeleton label={label}>
      <div className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className={`h-44 ${skeletonBlock}`} />
        ))}
      </div>
    </Skeleton>
  );
}
