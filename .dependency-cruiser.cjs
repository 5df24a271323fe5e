/**
 * The API's layers (docs/decisions/0027-layers-the-linter-enforces.md), checked by `npm run lint`.
 * A module's public surface is its non-repository files; its tables are read through its own
 * `*.repository.ts` only.
 */
const MODULE = '^apps/api/src/modules/([^/]+)/';

/** Lower layers first: a module may import its own layer or a lower one, never a higher one. */
const LAYERS = [
  ['audit', 'mail', 'throttles', 'scheduled-work', 'notifications'],
  ['services', 'client-services', 'firm-settings', 'aadhaar-vault'],
  [
    'users',
    'sessions',
    'two-factor',
    'passwords',
    'sign-in',
    'common',
    'user-links',
    'family-members',
    'firm-approvals',
    'privacy',
  ],
  ['assignments', 'compliance', 'files', 'work'],
  ['requests', 'checklists', 'registers', 'billing', 'breaches'],
  ['activity', 'housekeeping', 'key-rotation', 'rights-requests', 'retention'],
];

const pathOf = (names) => `^apps/api/src/modules/(${names.join('|')})/`;

const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layer-${index + 1}-looks-up`,
  comment: `Modules of layer ${index + 1} (${layer.join(', ')}) import only their own layer or lower ones.`,
  severity: 'error',
  from: { path: pathOf(layer) },
  to: { path: pathOf(LAYERS.slice(index + 1).flat()) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-reach-into-repository',
      comment: "A module asks another module's service; only the owner reads its tables (its *.repository.ts).",
      severity: 'error',
      from: { path: `${MODULE}` },
      to: { path: '^apps/api/src/modules/[^/]+/[^/]+[.]repository[.]ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'no-repository-outside-modules',
      comment: 'Code outside the modules (CLIs, start-up, platform) asks services, not repositories.',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: `${MODULE}|^apps/api/src/db/migrations/` },
      to: { path: '^apps/api/src/modules/[^/]+/[^/]+[.]repository[.]ts$' },
    },
    {
      name: 'no-route-reads-repository',
      comment: 'Routes -> services -> repositories: a route never reads a table itself.',
      severity: 'error',
      from: { path: '[.]routes[.]ts$' },
      to: { path: '[.]repository[.]ts$' },
    },
    {
      name: 'platform-below-modules',
      comment:
        'Platform code (http, db, storage, encryption, auth, policy, web, the context, clock, config, hooks) knows no module.',
      severity: 'error',
      from: {
        path: '^apps/api/src/((http|db|storage|encryption|auth|policy|web)/|(app-context|clock|config|hook-list)[.]ts$)',
      },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'no-module-cycle',
      comment: 'No cycle between module folders (scripts/module-cycles.mjs reads them folder by folder).',
      severity: 'error',
      from: { path: `${MODULE}` },
      to: { circular: true, viaOnly: { path: `${MODULE}` } },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '[.]test[.]ts$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['source', 'import', 'default'] },
  },
};
