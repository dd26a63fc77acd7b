import { vi } from 'vitest';

export type CapturedDownload = { name: string; bytes: number[]; text: string };

/**
 * Stubs the Blob URL and <a download> click the CSV export uses (jsdom has neither) and collects
 * each download once read: its file name, raw bytes (to see the BOM) and text without the BOM.
 */
export function captureDownloads(): CapturedDownload[] {
  const downloads: CapturedDownload[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL(blob: Blob) {
        const url = `blob:test/${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      }
      static override revokeObjectURL() {}
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (!blob) return;
    const name = this.download;
    void blob.arrayBuffer().then((buffer) => {
      const bytes = new Uint8Array(buffer);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).replace(/^\uFEFF/, '');
      downloads.push({ name, bytes: Array.from(bytes), text });
    });
  });
  return downloads;
}
