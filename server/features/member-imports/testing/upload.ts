import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** POSTs `csv` as the multipart `file` of a new member import, as the browser does. */
export function uploadCsv(app: FastifyInstance, token: string, csv: string | Buffer, fileName = 'members.csv') {
  const boundary = `----tend${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/app/member-imports',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
