/**
 * India's 28 states and 8 union territories by the names the calendar and extensions use
 * (First Schedule to the Constitution, as amended up to the merger of Dadra and Nagar Haveli with Daman
 * and Diu in 2020), and the one way a name typed by a person is matched against them.
 */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

/** Older or longer names of a state or union territory, as clients write them, and the name rules use. */
const STATE_ALIASES: Record<string, string> = {
  orissa: 'odisha',
  uttaranchal: 'uttarakhand',
  pondicherry: 'puducherry',
  'jammu kashmir': 'jammu and kashmir',
};

/**
 * "Jammu & Kashmir", "jammu and kashmir", "NCT of Delhi", "National Capital Territory of Delhi" and
 * "Govt. of NCT of Delhi" and "Orissa" name the states the rule lists ("Jammu and Kashmir", "Delhi", "Odisha").
 */
export function normalizeState(state: string): string {
  const name = state
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .replace(/^(the|government of|govt of)\s+/, '')
    .replace(/^(the\s+)?(nct|national capital territory)\s+of\s+/, '')
    .trim();
  return STATE_ALIASES[name] ?? name;
}

const BY_NORMAL_NAME = new Map<string, string>(INDIAN_STATES.map((name) => [normalizeState(name), name]));

/** The state or union territory a typed name means, by its listed name; undefined when none. */
export function findIndianState(name: string): string | undefined {
  return BY_NORMAL_NAME.get(normalizeState(name));
}
