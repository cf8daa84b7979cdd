// A certificate authority made at test time (node-forge, no openssl binary): a root CA and
// leaf certificates for given names, valid until a given number of days from now (negative:
// already expired). Keys come from node:crypto, so making them is fast.
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface KeyAndCert {
  key: string;
  cert: string;
}

export interface TestCa extends KeyAndCert {
  /** A leaf for `names` (DNS subjectAltNames), expiring `days` days from now. */
  issue(names: string[], days: number): KeyAndCert;
}

const DAY_MS = 86_400_000;

function keyPair(): { publicKey: forge.pki.PublicKey; privateKey: forge.pki.rsa.PrivateKey; pem: string } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem);
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e), pem };
}

let serial = 1;

function certificate(options: {
  subject: string;
  publicKey: forge.pki.PublicKey;
  signer: forge.pki.rsa.PrivateKey;
  issuer: forge.pki.CertificateField[];
  notAfterDays: number;
  ca: boolean;
  names?: string[];
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, '0');
  const now = Date.now();
  cert.validity.notBefore = new Date(Math.min(now - DAY_MS, now + options.notAfterDays * DAY_MS - DAY_MS));
  cert.validity.notAfter = new Date(now + options.notAfterDays * DAY_MS);
  cert.setSubject([{ name: 'commonName', value: options.subject }]);
  cert.setIssuer(options.issuer);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: options.ca, critical: true },
    {
      name: 'keyUsage',
      keyCertSign: options.ca,
      cRLSign: options.ca,
      digitalSignature: true,
      keyEncipherment: !options.ca,
      critical: true,
    },
  ];
  if (options.names) {
    extensions.push({ name: 'extKeyUsage', serverAuth: true });
    extensions.push({ name: 'subjectAltName', altNames: options.names.map((value) => ({ type: 2, value })) });
  }
  cert.setExtensions(extensions);
  cert.sign(options.signer, forge.md.sha256.create());
  return cert;
}

export function createTestCa(name = 'monitors test CA'): TestCa {
  const root = keyPair();
  const issuer = [{ name: 'commonName', value: name }];
  const rootCert = certificate({
    subject: name,
    publicKey: root.publicKey,
    signer: root.privateKey,
    issuer,
    notAfterDays: 3650,
    ca: true,
  });
  return {
    key: root.pem,
    cert: forge.pki.certificateToPem(rootCert),
    issue(names, days) {
      const leaf = keyPair();
      const cert = certificate({
        subject: names[0]!,
        publicKey: leaf.publicKey,
        signer: root.privateKey,
        issuer: rootCert.subject.attributes,
        notAfterDays: days,
        ca: false,
        names,
      });
      return { key: leaf.pem, cert: forge.pki.certificateToPem(cert) };
    },
  };
}
