import fs from 'node:fs';
import type { PincodeResult } from '@portal/contract/common';

type PincodeTable = { states: string[]; districts: string[]; pincodes: Record<string, [number, number]> };

// Built by scripts/build-pincode-table.mjs from GeoNames' data; read once, on first use (~0.3 MB).
const TABLE_URL = new URL('../../../data/pincodes.json', import.meta.url);
let table: PincodeTable | undefined;

function loadTable(): PincodeTable {
  table ??= JSON.parse(fs.readFileSync(TABLE_URL, 'utf8')) as PincodeTable;
  return table;
}

/** State and district of a pincode; empty strings for a well-formed pincode the data does not know. */
export function lookUpPincode(pincode: string): PincodeResult & { known: boolean } {
  const { states, districts, pincodes } = loadTable();
  const entry = pincodes[pincode];
  if (!entry) return { statename: '', district: '', known: false };
  return { statename: states[entry[0]] ?? '', district: districts[entry[1]] ?? '', known: true };
}
