/** multipart/form-data bodies for the integrations that post forms (Telegram, Pushover). */

import { randomBytes } from 'node:crypto';

export function multipartForm(fields: ReadonlyArray<readonly [string, string]>): {
  body: Buffer;
  contentType: string;
} {
  const boundary = randomBytes(16).toString('hex');
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
