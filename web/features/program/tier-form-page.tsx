import { useParams } from 'react-router';
import { PageLoading } from '@web/components/page-loading';
import { useTier } from './api/get-tier';
import { FormPageShell, LoadFailed } from './form-page-shell';
import { TierForm } from './tier-form';

/** /program/tier/:id, id = a tier's id or 'new' (Tier form). */
export function TierFormPage() {
  const id = useParams().id ?? 'new';
  const isNew = id === 'new';
  const { data: tier, isPending, isError, error, refetch } = useTier(id);
  const backTo = isNew ? '/program' : `/program?tier=${encodeURIComponent(id)}`;

  return (
    <FormPageShell
      title={isNew ? 'Add Tier' : 'Edit Tier'}
      subtitle={isNew ? 'A weekly, monthly or yearly subscription, or a one-off course.' : tier?.name}
      backTo={backTo}
    >
      {isNew ? (
        <TierForm />
      ) : isPending ? (
        <PageLoading label="Loading tier…" className="min-h-48" />
      ) : isError ? (
        <LoadFailed error={error} what="tier" onRetry={() => void refetch()} />
      ) : (
        <TierForm key={tier._id} tier={tier} />
      )}
    </FormPageShell>
  );
}
