import fs from 'node:fs';
import path from 'node:path';
import { isValidAadhaar } from '@portal/contract/identifiers';

let serial = 0;

/** A valid Aadhaar (Verhoeff check digit) that no other test value contains, so a grep finds only it. */
export function uniqueAadhaar(): string {
  serial += 1;
  const prefix = `${7 + (serial % 3)}${String(Date.now() % 1e6).padStart(6, '0')}${String(serial).padStart(4, '0')}`;
  for (let digit = 0; digit <= 9; digit += 1) if (isValidAadhaar(`${prefix}${digit}`)) return `${prefix}${digit}`;
  throw new Error('no check digit found');
}

/** The secrets one client's sub-forms carry, each distinct enough to be searched for in raw bytes. */
export function secretValues() {
  serial += 1;
  return {
    aadhaar: uniqueAadhaar(),
    kartaAadhaar: uniqueAadhaar(),
    partnerAadhaar: uniqueAadhaar(),
    account: `501001${String(Date.now() % 1e8).padStart(8, '0')}`,
    ifsc: 'HDFC0001234',
    password: `Portal#Secret-${serial}-${Date.now()}`,
  };
}

export type Secrets = ReturnType<typeof secretValues>;

/** Sub-forms of three client statuses, holding every kind of secret. */
export function subFormsOf(secrets: Secrets) {
  return {
    individual: {
      client_status_id: 1,
      data: { dob: '1980-05-01', sex: 'female', aadhar: secrets.aadhaar, fathers_name: 'Ram', msem: 'no' },
    },
    huf: {
      client_status_id: 2,
      data: {
        date_of_creation: '2001-01-01',
        nameofkarta: 'Mohan',
        aadharofkarta: secrets.kartaAadhaar,
        bankdetails: secrets.account,
        bank_ifsc: secrets.ifsc,
        bankname: 'HDFC Bank',
        msem: 'no',
      },
    },
    company: {
      client_status_id: 10,
      data: {
        first_name: 'Director',
        email: 'director@company.in',
        password: secrets.password,
        confirm_password: secrets.password,
        aadhar: secrets.aadhaar,
        msem: 'no',
        number_of_partners: 1,
        partners: [{ nameofpartner: 'Asha', aadharnumber: secrets.partnerAadhaar }],
      },
    },
  };
}

/** Every file under `dir`, recursively. */
export function listFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFilesUnder(full) : [full];
  });
}

/** The secrets (and any extra markers) found in `bytes`, whichever encodings a database may use. */
export function findSecretsIn(bytes: Buffer, needles: string[]): string[] {
  return needles.filter(
    (needle) => bytes.includes(Buffer.from(needle, 'utf8')) || bytes.includes(Buffer.from(needle, 'utf16le')),
  );
}
