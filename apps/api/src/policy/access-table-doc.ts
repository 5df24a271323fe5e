import { ACCESS_TABLE, type Action, type Relation } from './access-table.js';

const RELATION_TEXT: Record<Relation, string> = {
  self: 'itself',
  'registering-self': 'itself, while completing its registration',
  platform: 'any on the platform',
  firm: 'of its firm',
  created: 'that it created (its firm)',
  assigned: 'assigned to it (client in PC/Executor mode)',
  delegated: 'delegated to it by another firm (client in MPC mode, that service only)',
  'own-upload': 'that it uploaded or created',
  'client-may-delete': 'marked "Can Client Delete? Yes"',
  reachable: 'any it can open',
};

const ACTION_TEXT: Record<Action, string> = {
  'user.view': 'see a user (lists, details, counts)',
  'user.edit': "edit a user's form",
  'user.disable': 'disable a user',
  'user.enable': 'enable a disabled user',
  'family.manage': "add and remove a client's family members",
  'service.assign': "assign who handles a client's services",
  'file.read': "open a client service's folders and files",
  'file.upload': 'upload files and create folders there',
  'file.delete': 'delete a file there',
  'folder.delete': 'delete an empty folder there',
  'link.manage': 'keep user links',
  'service.write': 'change the services catalogue',
};

/** docs/authorization.md, written from the access table (`npm run docs:authorization`). */
export function renderAuthorizationDoc(): string {
  const lines = [
    '# Authorization',
    '',
    '<!-- Generated from apps/api/src/policy/access-table.ts by `npm run docs:authorization`; a test fails',
    '     when this file and the table differ. Edit the table, not this file. -->',
    '',
    'Who may do what. A pair (actor, target) that no row grants is denied; a record outside what the',
    'actor may see answers 404, an action it may not take on a record it sees answers 403. A user still',
    'completing its registration (status `created`) may only see and complete its own record. The same',
    'rows decide single records (`authorize`), scope every list in SQL (`scopeFor`), fill the',
    '`permissions` of each answer for the browser, and drive the access tests.',
    '',
    '| action | role | target | relation |',
    '|---|---|---|---|',
  ];
  for (const rule of ACCESS_TABLE) {
    const targets = rule.targets.length > 0 ? rule.targets.join(', ') : '-';
    lines.push(
      `| \`${rule.action}\`: ${ACTION_TEXT[rule.action]} | ${rule.role} | ${targets} | ${RELATION_TEXT[rule.relation]} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
