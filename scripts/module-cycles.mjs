// Reads dependency-cruiser's JSON (stdin) and fails when API module folders import each other in a
// cycle: file-level cycles miss two folders that import each other through different files.
import { readFileSync } from 'node:fs';

const MODULE = /^apps\/api\/src\/modules\/([^/]+)\//;
const cruise = JSON.parse(readFileSync(0, 'utf8'));

/** Folder -> folders it imports, from every file-level dependency between two module folders. */
function readFolderGraph(modules) {
  const graph = new Map();
  for (const file of modules) {
    const from = file.source.match(MODULE)?.[1];
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const dependency of file.dependencies) {
      const to = dependency.resolved.match(MODULE)?.[1];
      if (to && to !== from && !graph.get(from).has(to))
        graph.get(from).set(to, `${file.source} → ${dependency.resolved}`);
    }
  }
  return graph;
}

/** Strongly connected groups of more than one folder (Tarjan), each a cycle to break. */
function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (folder) => {
    index.set(folder, next);
    low.set(folder, next++);
    stack.push(folder);
    onStack.add(folder);
    for (const to of graph.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to)) low.set(folder, Math.min(low.get(folder), index.get(to)));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== folder);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return groups;
}

const graph = readFolderGraph(cruise.modules);
const cycles = findCycles(graph);
for (const group of cycles) {
  console.error(`module cycle: ${group.join(', ')}`);
  for (const from of group)
    for (const [to, example] of graph.get(from) ?? [])
      if (group.includes(to)) console.error(`  ${from} → ${to}: ${example}`);
}
const violations = cruise.summary.violations;
for (const violation of violations) console.error(`${violation.rule.name}: ${violation.from} → ${violation.to}`);
console.log(`${graph.size} modules, ${violations.length} rule breaches, ${cycles.length} folder cycles`);
process.exit(violations.length > 0 || cycles.length > 0 ? 1 : 0);
