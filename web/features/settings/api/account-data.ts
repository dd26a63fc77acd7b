import { api, getFile } from '@web/api/client';
import { saveFile } from '@web/components/save-file';

const EXPORT_FILE_NAME = 'tend-data.json';

/** GET app/account/export: my data as a JSON file, saved under the name the server gives it. */
export async function downloadAccountData(): Promise<void> {
  const file = await getFile('app/account/export');
  if (file) saveFile(file.blob, file.fileName ?? EXPORT_FILE_NAME);
}

/** POST app/account/delete {password}: removes my account for good. */
export async function deleteAccount(password: string): Promise<void> {
  await api.call('app/account/delete', { password });
}
