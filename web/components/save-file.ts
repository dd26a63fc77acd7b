/** Hands a file to the browser as a download, through a temporary <a download>. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // revoked on the next task: some browsers start the download only after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
