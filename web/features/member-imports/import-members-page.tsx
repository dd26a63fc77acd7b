import { useState } from 'react';
import { ArrowUpTrayIcon } from '@heroicons/react/24/outline';
import {
  FORMAT_LABELS,
  type ImportField,
  type MemberImportAnswer,
  type PreviewAnswer,
} from '@common/member-imports/schemas';
import { Button } from '@web/components/button';
import { formErrorText } from '@web/components/form/error-text';
import { PageTitle } from '@web/components/page-title';
import { previewImport, runImport, uploadMembersCsv } from './api';
import { ColumnMapping } from './column-mapping';
import { ImportSummary } from './import-summary';
import { MailChoice, type MailChoiceValue } from './mail-choice';
import { PreviewTable } from './preview-table';
import { ProgressPanel } from './progress-panel';
import { TierValues } from './tier-values';

const card = 'rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 space-y-4';

/**
 * /dashboard/import-members: a facilitator brings members over from a CSV. Upload (a known
 * export is recognised), map the columns and tier values, preview each row, choose the welcome
 * mail, run, follow the progress and download the report.
 */
export function ImportMembersPage() {
  const [file, setFile] = useState<File | null>(null);
  const [imp, setImp] = useState<MemberImportAnswer>();
  const [columns, setColumns] = useState<ImportField[]>([]);
  const [tierValues, setTierValues] = useState<Record<string, string | null>>({});
  const [preview, setPreview] = useState<PreviewAnswer>();
  const [mail, setMail] = useState<MailChoiceValue>({ mail: 'none', perMinute: 30, mailAt: '' });
  const [runId, setRunId] = useState<string>();
  const [error, setError] = useState<string>();

  const attempt = async (work: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await work();
    } catch (err) {
      setError(formErrorText(err));
    }
  };

  const upload = () =>
    attempt(async () => {
      if (!file) throw new Error('Choose a CSV file to upload.');
      const answer = await uploadMembersCsv(file);
      if (!answer) return;
      setImp(answer);
      setColumns(answer.columns);
      setPreview(undefined);
      setTierValues({});
    });

  const mapping = () => ({ columns, tierValues });
  const showPreview = () => attempt(async () => setPreview(await previewImport(imp!._id, mapping())));
  const run = () =>
    attempt(async () => {
      const answer = await runImport(imp!._id, {
        ...mapping(),
        mail: mail.mail,
        perMinute: mail.perMinute,
        ...(mail.mail === 'scheduled' && mail.mailAt && { mailAt: new Date(mail.mailAt).toISOString() }),
      });
      setRunId(answer._id);
    });

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle>Import members</PageTitle>
      <div>
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
          Import members
        </h1>
        <p className="mt-1 text-sm text-stone-600">
          Bring your members over from Patreon, Ghost, Substack, Kajabi or a spreadsheet (CSV, up to 20 MB).
        </p>
      </div>

      {error && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}

      {runId ? (
        <div className={card}>
          <ProgressPanel importId={runId} />
        </div>
      ) : (
        <>
          <div className={card}>
            <label htmlFor="members-file" className="block text-sm font-medium text-stone-900">
              CSV file
            </label>
            <div className="flex flex-wrap items-center gap-3">
              <input
                id="members-file"
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:text-sm file:font-medium sm:w-auto"
              />
              <Button variant="secondary" onClick={upload} disabled={!file}>
                <ArrowUpTrayIcon className="size-4" aria-hidden="true" />
                Upload
              </Button>
            </div>
            {!imp && <p className="text-sm text-stone-600">No file uploaded yet.</p>}
          </div>

          {imp && (
            <div className={card}>
              <p className="text-sm text-stone-800">
                <span className="font-medium">{imp.fileName}</span>{' '}
                <span className="ml-1 inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100 ring-inset">
                  {imp.format === 'other' ? 'Map the columns' : `Recognised: ${FORMAT_LABELS[imp.format]} export`}
                </span>
              </p>
              <ColumnMapping headers={imp.headers} columns={columns} onChange={setColumns} />
              {preview && <TierValues preview={preview} chosen={tierValues} onChange={setTierValues} />}
              <Button onClick={showPreview}>{preview ? 'Update preview' : 'Preview'}</Button>
            </div>
          )}

          {imp && preview && (
            <div className={card}>
              <h2 className="text-lg font-semibold text-stone-900">Preview</h2>
              <ImportSummary
                counts={{ ...preview.counts, mails: mail.mail === 'none' ? 0 : preview.counts.mails }}
                label="What the import will do"
              />
              {preview.counts.rows > preview.rows.length && (
                <p className="text-sm text-stone-600">
                  The first {preview.rows.length} rows are listed; the counts cover all {preview.counts.rows}.
                </p>
              )}
              <PreviewTable rows={preview.rows} />
              <MailChoice value={mail} onChange={setMail} />
              <Button onClick={run}>Run the import</Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
