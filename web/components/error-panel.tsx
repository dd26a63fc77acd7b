import { Component, useId, useState, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ExclamationTriangleIcon, SignalSlashIcon } from '@heroicons/react/24/outline';
import { FullPageNotice } from './full-page-notice';
import { OFFLINE_HEADING, failedOffline } from './use-online';
import clsx from 'clsx';

const asError = (value: unknown): Error =>
  value instanceof Error ? value : new Error(typeof value === 'string' ? value : 'Unknown error');

/** "Any rendering error": the error name, its message and a Show Stack / Hide Stack toggle. */
export function ErrorPanel({ error }: { error: unknown }) {
  const [showStack, setShowStack] = useState(false);
  const stackId = useId();
  const err = asError(error);
  return (
    <div role="alert" className="mx-auto w-full max-w-3xl rounded-2xl border border-red-200 bg-white p-6 shadow-sm">
      <div className="flex items-start gap-3">
        <ExclamationTriangleIcon className="mt-0.5 size-6 shrink-0 text-red-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-stone-900">{err.name}</h2>
          <p className="mt-1 break-words text-sm text-stone-700">{err.message}</p>
          {err.stack && (
            <>
              <button
                type="button"
                onClick={() => setShowStack((s) => !s)}
                aria-expanded={showStack}
                aria-controls={stackId}
                className={clsx(
                  'mt-4 px-3 py-1.5',
                  'rounded-lg border border-stone-300 bg-white text-sm font-medium text-stone-800 shadow-sm',
                  'hover:bg-stone-50',
                )}
              >
                {showStack ? 'Hide Stack' : 'Show Stack'}
              </button>
              {showStack && (
                <pre
                  id={stackId}
                  className={clsx(
                    'mt-3 max-h-80 overflow-auto p-3',
                    'rounded-lg bg-stone-100 text-xs leading-relaxed text-stone-800',
                  )}
                >
                  {err.stack}
                </pre>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

type BoundaryProps = { children: ReactNode; fallback?: (error: unknown) => ReactNode };

/** React error boundary around rendered screens; give it a `key` (e.g. the path) to reset it. */
export class RenderErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return this.props.fallback ? this.props.fallback(error) : <ErrorPanel error={error} />;
  }
}

/** What went wrong, in one line: "404 Not Found", or the error's message. */
function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/**
 * "Router fallback": the router's errorElement. A page that could not load because the browser is
 * offline (its module or the call its loader waits for) says so plainly instead.
 */
export function RouteErrorFallback() {
  const error = useRouteError();
  if (failedOffline(error)) {
    return (
      <FullPageNotice
        pageTitle="You are offline"
        widthClassName="max-w-lg"
        icon={<SignalSlashIcon className="mx-auto size-10 text-stone-600" aria-hidden="true" />}
        heading={OFFLINE_HEADING}
      >
        <p className="mt-2 text-base text-stone-700">
          It will work again when you are back online. Reload the page then.
        </p>
      </FullPageNotice>
    );
  }
  return (
    <FullPageNotice
      pageTitle="Something went wrong"
      widthClassName="max-w-lg"
      icon={<ExclamationTriangleIcon className="mx-auto size-10 text-amber-600" aria-hidden="true" />}
      heading="Unexpected Application Error!"
    >
      <h2 className="mt-2 break-words text-base text-stone-700">{describeRouteError(error)}</h2>
    </FullPageNotice>
  );
}
