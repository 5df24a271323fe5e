/** The rows a firm's client import takes (CLIENT_IMPORT_COLUMNS), cells by column name. */

/** The phone and Indian address cells every client row needs. */
export function buildClientContactCells(): Record<string, string> {
  return { mobile_number: '9876543210', pincode: '560001', city: 'Bengaluru', state: 'Karnataka', country: 'IN' };
}

let counter = 0;

/** A client row that passes: an Individual with its sub-form's required fields and a unique email. */
export function buildClientCsvRow(services: string, overrides: Record<string, string> = {}): Record<string, string> {
  counter += 1;
  return {
    first_name: 'Ravi',
    last_name: `Kumar${counter}`,
    email: `ravi${counter}.${Date.now()}@clients.in`,
    ...buildClientContactCells(),
    services,
    client_status: 'Individual',
    'details.dob': '01/02/1980',
    'details.sex': 'male',
    'details.aadhar': '234567890124',
    'details.fathers_name': 'Mohan Kumar',
    'details.msem': 'no',
    ...overrides,
  };
}
