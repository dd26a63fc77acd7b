/** 'Tasks Completed': completed count over total, as a progress bar. */
export function TasksProgress({ completed, total }: { completed: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round((completed / total) * 100);
  const text = `${completed} / ${total}`;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <span id="tasks-completed-label" className="text-sm font-medium text-stone-700">
          Tasks Completed
        </span>
        <span className="text-sm font-semibold tabular-nums text-stone-900" aria-hidden="true">
          {text}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="tasks-completed-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-stone-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
