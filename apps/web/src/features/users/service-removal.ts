import type { ServiceOption } from '@portal/contract/services';
import type { UserDetail } from '@portal/contract/users';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The question to ask before saving, when the edit takes away services that hold work (folders, files,
 * assigned staff); null when nothing with work is removed. The work stays stored, but nobody reaches
 * it until the service is added back, so people must know before they save.
 */
export function describeRemovedWork(
  user: UserDetail | undefined,
  chosen: string[],
  services: ServiceOption[],
): string | null {
  if (!user?.service_usage) return null;
  const parts: string[] = [];
  for (const serviceId of user.nature_of_service) {
    if (chosen.includes(String(serviceId))) continue;
    const usage = user.service_usage[serviceId];
    if (!usage || (usage.folders === 0 && usage.files === 0 && !usage.assigned)) continue;
    const held = [
      usage.folders > 0 ? plural(usage.folders, 'folder') : null,
      usage.files > 0 ? plural(usage.files, 'file') : null,
      usage.assigned ? 'assigned staff' : null,
    ].filter(Boolean);
    const name = services.find((service) => service.value === serviceId)?.label ?? `Service ${serviceId}`;
    parts.push(`${name} has ${held.join(', ')}`);
  }
  if (parts.length === 0) return null;
  return `${parts.join('; ')}. Removing it keeps them stored, but no one can open them until the service is added back. Remove anyway?`;
}
