/**
 * A `users` row as a migration test writes it straight into a database that the migration under test has
 * not reached yet: `name` is its first name, username and the start of its email; no usable password.
 */
export function buildUserRow(
  name: string,
  roleId: number,
  firmId: number | null,
  stamp: { lastName: string; now: string },
) {
  return {
    role_id: roleId,
    firm_id: firmId,
    first_name: name,
    last_name: stamp.lastName,
    email: `${name}@example.in`,
    username: name,
    password_hash: 'not used',
    status: 'active',
    created_at: stamp.now,
    updated_at: stamp.now,
  };
}
