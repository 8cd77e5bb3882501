declare module "virtual:agency-islands" {
  /** The address of the islands pages' script (vite.config.ts, docs/decisions/0039). */
  const islandsScript: string;
  export default islandsScript;
}
