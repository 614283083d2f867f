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
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        cert,
        '-subj',
        `/CN=${hostname}`,
        '-addext',
        `subjectAltName=DNS:${hostname}`,
      ],
      { stdio: 'ignore', timeout: 10_000 },
    );
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A throwaway certificate authority and a certificate for `hostname` (and 127.0.0.1) that it
 * signed, made with the openssl command: for a TLS server trusted only through the CA.
 */
export function certificateSignedByTestCa(hostname: string, caName = 'GenAI Test Root CA'): { ca: string; key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-ca-'));
  const file = (name: string) => path.join(dir, name);
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore', timeout: 10_000, cwd: dir });
  try {
    run([
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.pem'),
      '-subj',
      `/CN=${caName}/O=GenAI Tests`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    run([
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      file('leaf.key'),
      '-out',
      file('leaf.csr'),
      '-subj',
      `/CN=${hostname}`,
    ]);
    fs.writeFileSync(file('ext'), `subjectAltName=DNS:${hostname},IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
    run([
      'x509',
      '-req',
      '-in',
      file('leaf.csr'),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-days',
      '1',
      '-out',
      file('leaf.pem'),
      '-extfile',
      file('ext'),
    ]);
    return { ca: fs.readFileSync(file('ca.pem'), 'utf8'), key: fs.readFileSync(file('leaf.key'), 'utf8'), cert: fs.readFileSync(file('leaf.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
