import yauzl from 'yauzl';

/** Every entry of a ZIP held in memory (tests only: archives there are small). */
export async function unzipAll(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z!))),
  );
  const entries = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream!.on('data', (c: Buffer) => chunks.push(c));
        stream!.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
        stream!.on('error', reject);
      });
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** The rows of a JSON Lines entry. */
export const jsonlRows = (entries: Map<string, Buffer>, name: string): Record<string, unknown>[] =>
  (entries.get(name)?.toString('utf8') ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
