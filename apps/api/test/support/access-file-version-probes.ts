import type { Action } from '../../src/policy/access-table.js';
import type { AccessFixture, Item } from './access-fixture.js';
import { asItem, eachTargetThreeWay, type Probe, verdictOf } from './access-verdicts.js';
import { buildMultipart, SAMPLE_FILES } from './multipart.js';

/**
 * A seeded file given an earlier version by whoever put it there (an upload under its name), and that
 * version's id: the target a restore is tried on.
 */
async function giveEarlierVersion(f: AccessFixture, item: Item): Promise<number> {
  const read = async () => {
    const listed = await f.call('GET', `/api/file/${item.id}/versions`, item.owner.token);
    if (listed.statusCode !== 200) throw new Error(`versions: ${listed.statusCode} ${listed.body}`);
    return listed.json().data as { file_name: string; versions: { version_id: number | null }[] };
  };
  const { file_name } = await read();
  const fields = {
    client_id: item.service.client.id,
    service_id: item.service.serviceId,
    file_name,
    ...(item.owner.id === item.service.client.id ? {} : { is_deleted: item.clientMayDelete ? '1' : '0' }),
  };
  const form = buildMultipart(fields, [{ field: 'file', name: 'new-version.pdf', content: SAMPLE_FILES.pdf }]);
  const uploaded = await f.t.request({
    method: 'POST',
    url: '/api/folder/uploadFile',
    token: item.owner.token,
    ...form,
  });
  if (uploaded.statusCode !== 201 || uploaded.json().data.file_id !== item.id)
    throw new Error(`new version: ${uploaded.statusCode} ${uploaded.body}`);
  return (await read()).versions[1]?.version_id as number;
}

/** The file version probe (support/access-probes.ts): a restore leaves the file there, one version swapped. */
export const FILE_VERSION_PROBES: Record<Extract<Action, 'file.restore_version'>, Probe> = {
  'file.restore_version': (f, actor, table) =>
    eachTargetThreeWay(
      f.items.filter((item) => item.kind === 'file'),
      asItem,
      async (item) => {
        const versionId = await giveEarlierVersion(f, item);
        return verdictOf(await f.call('POST', `/api/file/${item.id}/versions/${versionId}/restore`, actor.token));
      },
      table,
    ),
};
