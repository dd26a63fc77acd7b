import { Link, useParams, useSearchParams } from 'react-router';
import { buttonStyles } from '@web/components/button-styles';
import { PageLoading } from '@web/components/page-loading';
import { useContent } from './api/get-content';
import { useProgram } from './api/get-program';
import { ContentForm } from './content-form';
import { FormPageShell, LoadFailed } from './form-page-shell';

/** /program/content/:id, id = a content id or 'new'; ?tier={tierId} pre-checks that tier. */
export function ContentFormPage() {
  const id = useParams().id ?? 'new';
  const isNew = id === 'new';
  const fromTier = useSearchParams()[0].get('tier') ?? undefined;
  const program = useProgram();
  const content = useContent(id);

  const pending = program.isPending || (!isNew && content.isPending);
  const failed = program.isError ? program : !isNew && content.isError ? content : undefined;

  return (
    <FormPageShell
      title={isNew ? 'Add Content' : 'Edit Content'}
      subtitle={isNew ? 'A practice for your members: audio, video, a reading or a prompt.' : content.data?.title}
      backTo={fromTier ? `/program?tier=${encodeURIComponent(fromTier)}` : '/program'}
    >
      {pending ? (
        <PageLoading label="Loading…" className="min-h-48" />
      ) : failed ? (
        <LoadFailed
          error={failed.error}
          what={failed === program ? 'program' : 'content'}
          onRetry={() => void failed.refetch()}
        />
      ) : program.data!.tiers.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <p className="text-sm text-stone-700">
            Content lives in a tier. Add your first tier, then come back to add content.
          </p>
          <Link to="/program/tier/new" className={buttonStyles()}>
            Add Tier
          </Link>
        </div>
      ) : (
        <ContentForm
          key={id}
          content={isNew ? undefined : content.data}
          tiers={program.data!.tiers}
          fromTier={fromTier}
        />
      )}
    </FormPageShell>
  );
}
