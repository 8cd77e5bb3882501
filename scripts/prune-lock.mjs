import { readFileSync, writeFileSync } from "node:fs";
const file = process.argv[2] ?? "package-lock.json";
const lock = JSON.parse(readFileSync(file, "utf8"));
const pkgs = lock.packages;
const has = (from, name) => {
  // node resolution: walk up node_modules folders
  let dir = from;
  for (;;) {
    const p = (dir ? dir + "/" : "") + "node_modules/" + name;
    if (pkgs[p]) return true;
    if (!dir) return false;
    const i = dir.lastIndexOf("/node_modules/");
    dir = i < 0 ? "" : dir.slice(0, i);
  }
};
let removed = [];
for (const [path, entry] of Object.entries(pkgs)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (!has(path, name)) {
      delete entry.optionalDependencies[name];
      removed.push(name);
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(removed.length, "removed:", removed.join(" "));
