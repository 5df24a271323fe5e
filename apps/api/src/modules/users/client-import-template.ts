import { CLIENT_IMPORT_COLUMNS, SERVICE_SEPARATOR } from '@portal/contract/user-csv';

/**
 * `GET /api/user/import/template`: the header of an import file and one example client that passes the
 * dry run as it is (an Individual, so its sub-form's required fields show), with the portal's own services.
 */
export function buildImportTemplate(serviceNames: string[]): { header: readonly string[]; example: string[] } {
  const example: Record<string, string> = {
    first_name: 'Asha',
    last_name: 'Verma',
    email: 'asha.verma@example.com',
    mobile_number: '9876543210',
    address: '12 MG Road',
    pincode: '560001',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'IN',
    pan_number: 'ABCPV1234F',
    client_status: 'Individual',
    services: serviceNames.slice(0, 2).join(`${SERVICE_SEPARATOR} `),
    'details.dob': '15/08/1985',
    'details.sex': 'female',
    // A made-up number with a valid check digit (Verhoeff), so the example passes as it is.
    'details.aadhar': '234567890124',
    'details.fathers_name': 'Ramesh Verma',
    'details.msem': 'no',
  };
  return { header: CLIENT_IMPORT_COLUMNS, example: CLIENT_IMPORT_COLUMNS.map((column) => example[column] ?? '') };
}
