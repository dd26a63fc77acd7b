import { useQuery } from '@tanstack/react-query';
import {
  type ImportMapping,
  MemberImportAnswer,
  PreviewAnswer,
  type RunImportRequest,
} from '@common/member-imports/schemas';
import { api, apiUrl, getFile } from '@web/api/client';
import { sendUpload } from '@web/api/upload';
import { saveFile } from '@web/components/save-file';

const path = (id: string, tail = '') => `app/member-imports/${id}${tail}`;

/** POST app/member-imports: the CSV, stored and recognised. */
export async function uploadMembersCsv(file: File) {
  const form = new FormData();
  form.append('file', file);
  const answer = await sendUpload(apiUrl('app/member-imports'), form);
  return answer === undefined ? undefined : MemberImportAnswer.parse(answer);
}

/** POST app/member-imports/{id}/preview: what the run would do, per row. */
export const previewImport = async (id: string, mapping: ImportMapping) =>
  PreviewAnswer.parse(await api.call(path(id, '/preview'), mapping));

/** POST app/member-imports/{id}/run: queues the import. */
export const runImport = async (id: string, request: RunImportRequest) =>
  MemberImportAnswer.parse(await api.call(path(id, '/run'), request));

/** GET app/member-imports/{id}, asked again every second until the run is done. */
export const useImportProgress = (id: string | undefined, running: boolean) =>
  useQuery({
    queryKey: ['member-imports', id],
    queryFn: async () => MemberImportAnswer.parse(await api.call(path(id!))),
    enabled: id !== undefined && running,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : 1000),
  });

/** GET app/member-imports/{id}/report, saved as a CSV file. */
export async function downloadReport(id: string) {
  const file = await getFile(path(id, '/report'));
  if (file) saveFile(file.blob, file.fileName ?? 'import-report.csv');
}
