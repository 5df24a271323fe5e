import type { Service, ServiceOption } from '@portal/contract/services';
import type { ServiceRow } from './services.repository.js';

export function presentService(row: ServiceRow): Service {
  return {
    service_id: row.id,
    service_name: row.service_name,
    sac_code: row.sac_code as Service['sac_code'],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function presentServiceOption(row: ServiceRow): ServiceOption {
  return { value: row.id, label: row.service_name };
}
