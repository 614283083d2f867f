/** A throwaway self-signed certificate for a TLS server on loopback, made with the openssl command. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export function selfSignedCertificate(hostname: string): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-cert-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-keyout', key, '-out', cert, '-subj', `/CN=${hostname}`, '-addext', `subjectAltName=DNS:${hostname}`,
    ], { stdio: 'ignore', timeout: 10_000 });
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
