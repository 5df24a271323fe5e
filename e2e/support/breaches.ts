import type { APIRequestContext } from '@playwright/test';

/** An hour ago in India, as the breach form and the API take it: dd/mm/yyyy (shown), ISO date, hh:mm. */
export function anHourAgoInIndia() {
  const iso = new Date(Date.now() + 5.5 * 3_600_000 - 3_600_000).toISOString();
  const [year, month, day] = iso.slice(0, 10).split('-');
  return { shown: `${day}/${month}/${year}`, iso: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * An entry of the keeper's breach register through the API, edited once (so it has a history) and its
 * notices sent, for the screens that show one; answers its id.
 */
export async function recordBreachWithNotices(request: APIRequestContext, token: string, clientIds: number[]) {
  const headers = { authorization: `Bearer ${token}` };
  const found = anHourAgoInIndia();
  const body = {
    found_on: found.iso,
    found_time: found.time,
    description: 'An email with client returns attached went to the wrong address.',
    data_kinds: ['identity', 'documents'],
    affected: clientIds.length > 0 ? 'chosen' : 'everyone',
    affected_ids: clientIds,
    include_staff: false,
    consequences: 'The returns show income and PAN.',
    measures: 'The recipient was asked to delete it and confirmed.',
    advice: 'Be wary of calls quoting your return.',
  };
  const recorded = await request.post('/api/breaches', { headers, data: body });
  if (recorded.status() !== 201) throw new Error(`breach failed: ${recorded.status()} ${await recorded.text()}`);
  const id = (await recorded.json()).data.id as number;
  const edited = await request.put(`/api/breaches/${id}`, {
    headers,
    data: { ...body, measures: 'The recipient deleted it and confirmed in writing.' },
  });
  if (!edited.ok()) throw new Error(`breach edit failed: ${edited.status()}`);
  const sent = await request.post(`/api/breaches/${id}/notices`, { headers });
  if (!sent.ok()) throw new Error(`notices failed: ${sent.status()}`);
  return id;
}
