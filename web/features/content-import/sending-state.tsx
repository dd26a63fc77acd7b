/** An upload's progress while it is sent, and the reason it was refused, as both upload tabs show them. */
export function SendingState({
  percent,
  label,
  error,
}: {
  percent: number | null;
  label: string;
  error: string | null;
}) {
  return (
    <>
      {percent !== null && (
        <progress className="h-2 w-full" max={100} value={percent} aria-label={label}>
          {percent}%
        </progress>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
    </>
  );
}
