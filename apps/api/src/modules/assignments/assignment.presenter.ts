import type { ServiceAssignment } from '@portal/contract/assignments';

type AssignmentRow = {
  service_id: number;
  service_name: string;
  pc_id: number | null;
  pc_username: string | null;
  executor_id: number | null;
  executor_username: string | null;
  mpc_username: string | null;
};

export function presentAssignment(row: AssignmentRow): ServiceAssignment {
  return {
    service_id: row.service_id,
    service_name: row.service_name,
    pc_id: row.pc_id,
    pc_username: row.pc_username,
    executor_id: row.executor_id,
    executor_username: row.executor_username,
    mpc_username: row.mpc_username,
  };
}
