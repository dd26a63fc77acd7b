import { useId, type ReactNode } from 'react';

type PanelSectionProps = { title: string; subtitle?: ReactNode; action?: ReactNode; children: ReactNode };

/** A white card with a heading row, used for the selected tier's content lists. */
export function PanelSection({ title, subtitle, action, children }: PanelSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-100 px-4 py-4 sm:px-5">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-stone-900">
            {title}
          </h3>
          {subtitle && <p className="mt-0.5 text-sm text-stone-600">{subtitle}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
