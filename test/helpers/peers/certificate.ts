import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface SelfSignedCertificate {
  /** PEM certificate for 127.0.0.1 (also the CA that trusts it). */
  cert: string;
  key: string;
}

/** A throwaway self-signed certificate for 127.0.0.1, made with openssl. */
export async function selfSignedCertificate(): Promise<SelfSignedCertificate> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-cert-'));
  try {
    // prettier-ignore
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]);
    return {
      cert: await readFile(join(dir, 'cert.pem'), 'utf8'),
      key: await readFile(join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
