import { mkdir } from "node:fs/promises";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

/** `/media/*`: uploaded media. Server-generated names never change, so they are cached for good. */
export async function registerMediaRoutes(app: FastifyInstance, config: Config): Promise<void> {
  await mkdir(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: "/media/",
    decorateReply: false,
    index: false,
    dotfiles: "deny",
    immutable: true,
    maxAge: "365d",
    allowedPath: (pathName) => !pathName.startsWith("/.incoming"),
    schemaHide: true,
  });
}
