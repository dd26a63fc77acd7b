import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { InformationCircleIcon, MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { ApiError } from '@web/api/client';
import { buttonStyles } from '@web/components/button-styles';
import { EmptyPanel, LoadFailed, Skeleton, skeletonBlock } from '@web/components/state-panels';
import { BackTo, type BackLink } from './back-link';
import { isNewId } from './form-api';
import { PageTitle } from '@web/components/page-title';

type AdminFormPageProps<T> = {
  /** the route's id: an entity id, or the word new */
  id: string;
  record: UseQueryResult<T>;
  /** the heading and the browser tab's title */
  title: string;
  subtitle?: ReactNode;
  back: BackLink;
  /** what the record is called in the not-found and failure texts, e.g. 'user' */
  what: string;
  /** Shown instead of a form for the word new where nothing can be created here (tiers, posts). */
  cannotCreate?: ReactNode;
  /** the form: given the loaded record, or nothing for new */
  children: (record: T | undefined) => ReactNode;
};

/** A manage screen's frame: Back link, heading, then the form in a card once its record is loaded. */
export function AdminFormPage<T>({
  id,
  record,
  title,
  subtitle,
  back,
  what,
  cannotCreate,
  children,
}: AdminFormPageProps<T>) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl">
      <PageTitle>{title}</PageTitle>
      <BackTo {...back} />
      <h1 id="page-title" className="mt-2 text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
        {title}
      </h1>
      {subtitle && <p className="mt-1 text-sm text-stone-600">{subtitle}</p>}
      <div className="mt-6">
        <RecordState id={id} record={record} back={back} what={what} cannotCreate={cannotCreate}>
          {children}
        </RecordState>
      </div>
    </section>
  );
}

function RecordState<T>({
  id,
  record,
  back,
  what,
  cannotCreate,
  children,
}: Omit<AdminFormPageProps<T>, 'title' | 'subtitle'>) {
  if (isNewId(id)) return cannotCreate ?? <FormCard>{children(undefined)}</FormCard>;
  if (record.isPending) return <FormSkeleton what={what} />;
  if (record.isError) {
    const missing = record.error instanceof ApiError && (record.error.status === 404 || record.error.status === 400);
    if (missing) return <RecordNotFound what={what} back={back} />;
    return <LoadFailed message={`We could not load this ${what}.`} onRetry={() => record.refetch()} />;
  }
  return <FormCard>{children(record.data)}</FormCard>;
}

export function FormCard({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">{children}</div>;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function RecordNotFound({ what, back }: { what: string; back: BackLink }) {
  return (
    <EmptyPanel
      icon={MagnifyingGlassIcon}
      title={`${capitalised(what)} not found`}
      action={
        <Link to={back.to} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
          {back.label}
        </Link>
      }
    >
      {`This ${what} does not exist. It may have been deleted, or the link is wrong.`}
    </EmptyPanel>
  );
}

/** A panel for the word new where this screen cannot create the record, with a way forward. */
export function CannotCreatePanel({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <EmptyPanel icon={InformationCircleIcon} title={title} action={action}>
      {children}
    </EmptyPanel>
  );
}

function FormSkeleton({ what }: { what: string }) {
  return (
    <FormCard>
      <Skeleton label={`Loading ${what}…`}>
        <div className="space-y-6">
          {[0, 1, 2].map((row) => (
            <div key={row} className="space-y-2">
              <div className={`h-4 w-24 ${skeletonBlock}`} />
              <div className={`h-10 w-full ${skeletonBlock}`} />
            </div>
          ))}
          <div className={`h-24 w-full ${skeletonBlock}`} />
          <div className={`ml-auto h-11 w-28 ${skeletonBlock}`} />
        </div>
      </Skeleton>
    </FormCard>
  );
}
