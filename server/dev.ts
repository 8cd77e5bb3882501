import type { ViteDevServer } from "vite";
import { buildApp } from "./app.ts";
import { bootstrap, printFirstAdmin } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";

/** Used by `react-router dev` (see vite.config.ts): the same app, with Vite's dev server. */
export async function createServer(vite: ViteDevServer) {
  const config = loadConfig();
  const app = await buildApp(config, { devServer: vite });
  const firstAdmin = await bootstrap(app, config);
  if (firstAdmin) printFirstAdmin(firstAdmin, config.publicOrigin);
  return app;
}
